import { Worker, type TransferListItem } from 'node:worker_threads';

/** Buffers a message may move instead of copy: each once, and only where the view is the whole buffer. */
export function wholeBuffers(views: Uint8Array[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const v of views) if (v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
  return [...out];
}

/** The pool has as many tasks waiting as it allows: the caller does the work itself or refuses. */
export class PoolBusyError extends Error {
  constructor(name: string) {
    super(`The ${name} workers are busy`);
  }
}

/** A worker died (crash, out of memory, killed) while it ran the task; it has been replaced. */
export class WorkerCrashedError extends Error {}

export interface WorkerPoolOptions {
  /** Names the pool in errors and logs. */
  name: string;
  /** The worker's entry file (a module that answers `{ id, task }` messages with `{ id, result }` or `{ id, error }`). */
  file: URL;
  size: number;
  /** Tasks that may wait for a free worker; one more throws PoolBusyError. */
  maxQueued: number;
  /** Told when a worker dies (it is replaced at once) or a task fails in it. */
  onWorkerError?: (err: Error) => void;
}

export interface WorkerPool<Task, Result> {
  /** Runs the task on a free worker (after the queued ones); `transfer` moves buffers instead of copying them. */
  run(task: Task, transfer?: TransferListItem[]): Promise<Result>;
  /** Tasks waiting and running, for health and tests. */
  stats(): { running: number; queued: number; workers: number; replaced: number };
  /** Test hook: terminates one running worker as a crash would. */
  crashOne(): Promise<void>;
  close(): Promise<void>;
}

interface Job<Task, Result> {
  id: number;
  task: Task;
  transfer: TransferListItem[];
  resolve(result: Result): void;
  reject(err: Error): void;
}

interface Slot<Task, Result> {
  worker: Worker;
  job: Job<Task, Result> | null;
}

/**
 * A fixed set of worker threads running one kind of CPU-heavy task, so the api's thread keeps
 * answering other users while it runs (design.md section 4, rule 14). One task per worker at a
 * time; a bounded queue; a worker that dies fails its task with WorkerCrashedError and is replaced
 * before the next task starts. Workers are unref'd: an idle pool never holds the process open.
 */
export function createWorkerPool<Task, Result>(options: WorkerPoolOptions): WorkerPool<Task, Result> {
  const slots: Slot<Task, Result>[] = [];
  const queue: Job<Task, Result>[] = [];
  let nextId = 1;
  let replaced = 0;
  let closed = false;

  const spawn = (): Slot<Task, Result> => {
    const worker = new Worker(options.file);
    worker.unref();
    const slot: Slot<Task, Result> = { worker, job: null };
    worker.on('message', (msg: { id: number; result?: Result; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = null;
      worker.unref();
      if (msg.error !== undefined) {
        const err = new Error(msg.error);
        options.onWorkerError?.(err);
        job.reject(err);
      } else job.resolve(msg.result as Result);
      pump();
    });
    const died = (why: string) => {
      const index = slots.indexOf(slot);
      if (index < 0) return;
      slots.splice(index, 1);
      const err = new WorkerCrashedError(`A ${options.name} worker died: ${why}`);
      options.onWorkerError?.(err);
      slot.job?.reject(err);
      slot.job = null;
      if (closed) return;
      replaced++;
      slots.push(spawn());
      pump();
    };
    worker.on('error', (err) => died(err.message));
    worker.on('exit', (code) => died(`exit code ${code}`));
    return slot;
  };

  const pump = () => {
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.job = job;
      // A worker with a task keeps the process alive until it answers.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, task: job.task }, job.transfer);
    }
  };

  for (let i = 0; i < options.size; i++) slots.push(spawn());

  return {
    run(task, transfer = []) {
      if (closed) return Promise.reject(new Error(`The ${options.name} pool is closed`));
      const busy = slots.filter((s) => s.job).length;
      if (busy >= slots.length && queue.length >= options.maxQueued) return Promise.reject(new PoolBusyError(options.name));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ id: nextId++, task, transfer, resolve, reject });
        pump();
      });
    },
    stats: () => ({ running: slots.filter((s) => s.job).length, queued: queue.length, workers: slots.length, replaced }),
    async crashOne() {
      const slot = slots.find((s) => s.job) ?? slots[0];
      await slot?.worker.terminate();
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error(`The ${options.name} pool is closed`));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
