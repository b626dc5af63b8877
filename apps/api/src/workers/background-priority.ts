import { setPriority } from 'node:os';

/**
 * The nice value of the document workers' threads (Linux keeps one per thread: only the calling
 * thread is lowered). Their work is never what a request waits for (building a large write's
 * changes, a new project's document, a compaction: building a largest allowed write's changes took 4.8-10.5 s of wall time beside two busy loops), and
 * on a 2-core machine it took the api's thread's share of the CPU, so every other user's requests
 * slowed while one user's large write was being built.
 */
export const DOCUMENT_WORKER_NICE = 10;

/** Lowers the calling thread's priority; where the system refuses, it stays as it was. Returns whether it was lowered. */
export function lowerThreadPriority(nice: number = DOCUMENT_WORKER_NICE): boolean {
  try {
    setPriority(nice);
    return true;
  } catch {
    return false;
  }
}
