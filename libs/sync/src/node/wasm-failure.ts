import * as A from '@automerge/automerge';

/**
 * Whether an error means a WebAssembly module (Automerge, PGlite) is dead or its memory is
 * exhausted: after one of these the module's later calls cannot be trusted, so the process must
 * stop for its supervisor to restart it (design.md section 4, rule 14), never limp on.
 */
export function isWasmFailure(err: unknown): boolean {
  const RuntimeError = (globalThis as { WebAssembly?: { RuntimeError?: abstract new () => Error } }).WebAssembly?.RuntimeError;
  if (RuntimeError && err instanceof RuntimeError) return true;
  const e = err as { name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'RuntimeError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Module terminated|memory access out of bounds|could not allocate memory|unreachable executed|^unreachable$|Aborted\(/.test(message);
}

/** Makes, saves and drops a tiny document: throws when the Automerge module is dead. */
export function probeAutomerge(): void {
  A.save(A.from({ probe: 1 }));
}
