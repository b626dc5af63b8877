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

/** The pool's workers failed to start too often in a row: it stopped starting them; the caller does the work itself. */
export class PoolFailedError extends Error {}

export interface WorkerPoolOptions<Task> {
  /** Names the pool in errors and logs. */
  name: string;
  /** The worker's entry file (a module that answers `{ id, task }` messages with `{ id, result }` or `{ id, error }`). */
  file: URL;
  size: number;
  /** Tasks that may wait for a free worker; one more throws PoolBusyError. */
  maxQueued: number;
  /** Sent to every new worker before any real task: its answer (result or error) says the worker started. */
  startTask: Task;
  /** Told when a worker dies (it is replaced at once) or a task fails in it. */
  onWorkerError?: (err: Error) => void;
  /** Told once when the pool stops starting workers (PoolFailedError's message). */
  onFailed?: (reason: string) => void;
  /** Failed starts in a row (within startFailureWindowMs of each other) before the pool gives up; default 5. */
  maxStartFailures?: number;
  /** Default 60 s: failed starts further apart than this are not "in a row". */
  startFailureWindowMs?: number;
  /** Wait before starting a worker again after a failed start, doubled per failure in a row; default 100 ms. */
  restartDelayMs?: number;
  /** Longest wait between two starts; default 5 s. */
  maxRestartDelayMs?: number;
  /** A worker that has not answered its start task after this long is ended as a failed start; default 30 s. */
  startTimeoutMs?: number;
}

export interface WorkerPool<Task, Result> {
  /** Runs the task on a free worker (after the queued ones); `transfer` moves buffers instead of copying them. */
  run(task: Task, transfer?: TransferListItem[]): Promise<Result>;
  /** Tasks waiting and running, for health and tests (`startFailures`: failed starts in a row). */
  stats(): { running: number; queued: number; workers: number; replaced: number; startFailures: number };
  /** Why the pool stopped starting workers, or null while it runs (for /api/health). */
  failure(): string | null;
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
  /** Answered its start task: real tasks go only to started workers. */
  started: boolean;
}

/**
 * A fixed set of worker threads running one kind of CPU-heavy task, so the api's thread keeps
 * answering other users while it runs (design.md section 4, rule 14). One task per worker at a
 * time; a bounded queue; a worker that dies fails its task with WorkerCrashedError and is replaced
 * before the next task starts. Workers are unref'd: an idle pool never holds the process open.
 *
 * A worker counts as started once it answers `startTask`. One that dies (or hangs) before that is
 * started again after a delay doubling each time; after `maxStartFailures` in a row the pool gives
 * up: a broken entry file or a module that throws on load would otherwise be replaced in an
 * endless loop, each start costing the api's thread module loading. Queued and later tasks then
 * fail with PoolFailedError, which callers treat as a refusal (they do the work themselves).
 */
export function createWorkerPool<Task, Result>(options: WorkerPoolOptions<Task>): WorkerPool<Task, Result> {
  const maxStartFailures = options.maxStartFailures ?? 5;
  const windowMs = options.startFailureWindowMs ?? 60_000;
  const restartDelayMs = options.restartDelayMs ?? 100;
  const maxRestartDelayMs = options.maxRestartDelayMs ?? 5_000;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const slots: Slot<Task, Result>[] = [];
  const queue: Job<Task, Result>[] = [];
  /** Times of the failed starts in a row (a started worker clears them). */
  let startFailures: number[] = [];
  const restarts = new Set<NodeJS.Timeout>();
  let nextId = 1;
  let replaced = 0;
  let closed = false;
  let failed: string | null = null;

  const giveUp = (reason: string) => {
    failed = reason;
    options.onFailed?.(reason);
    for (const job of queue.splice(0)) job.reject(new PoolFailedError(reason));
  };

  /** A worker died or hung before it answered its start task (or could not even be made): start another later, or give up. */
  const startFailed = (why: string) => {
    const now = Date.now();
    startFailures = [...startFailures.filter((t) => now - t <= windowMs), now];
    if (startFailures.length >= maxStartFailures) {
      giveUp(
        `The ${options.name} workers failed to start ${startFailures.length} times in a row (last: ${why}); no more are started until the server restarts`,
      );
      return;
    }
    const delay = Math.min(maxRestartDelayMs, restartDelayMs * 2 ** (startFailures.length - 1));
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!closed && !failed) spawn();
    }, delay).unref();
    restarts.add(timer);
  };

  const spawn = (): void => {
    let worker: Worker;
    try {
      // No inherited preloads (`node --import ...`): the entry registers its own loader, and a
      // preload of the api's process (the fault test's fixture, a .ts file) failed every start here.
      worker = new Worker(options.file, { execArgv: [] });
    } catch (err) {
      // A bad entry can throw here rather than in the thread (this may run in a timer: never let it escape).
      const why = err instanceof Error ? err.message : String(err);
      options.onWorkerError?.(new WorkerCrashedError(`A ${options.name} worker failed to start: ${why}`));
      startFailed(why);
      return;
    }
    worker.unref();
    const slot: Slot<Task, Result> = { worker, job: null, started: false };
    slots.push(slot);
    const startId = nextId++;
    // A worker stuck loading never answers: ended as a failed start.
    let timedOut = false;
    const startTimer = setTimeout(() => {
      timedOut = true;
      void worker.terminate();
    }, startTimeoutMs).unref();
    worker.on('message', (msg: { id: number; result?: Result; error?: string }) => {
      if (msg.id === startId) {
        clearTimeout(startTimer);
        slot.started = true;
        startFailures = [];
        pump();
        return;
      }
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
      clearTimeout(startTimer);
      const err = new WorkerCrashedError(`A ${options.name} worker ${slot.started ? 'died' : 'failed to start'}: ${why}`);
      options.onWorkerError?.(err);
      slot.job?.reject(err);
      slot.job = null;
      if (closed || failed) return;
      if (slot.started) {
        replaced++;
        spawn();
        pump();
        return;
      }
      startFailed(why);
    };
    worker.on('error', (err) => died(err.message));
    worker.on('exit', (code) => died(timedOut ? `no answer to its start in ${startTimeoutMs} ms` : `exit code ${code}`));
    worker.postMessage({ id: startId, task: options.startTask });
  };

  const pump = () => {
    for (const slot of slots) {
      if (!slot.started || slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.job = job;
      // A worker with a task keeps the process alive until it answers.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, task: job.task }, job.transfer);
    }
  };

  for (let i = 0; i < options.size; i++) spawn();

  return {
    run(task, transfer = []) {
      if (closed) return Promise.reject(new Error(`The ${options.name} pool is closed`));
      if (failed) return Promise.reject(new PoolFailedError(failed));
      // Tasks that a worker without one (started or starting) will take are not waiting.
      const free = slots.filter((s) => !s.job).length;
      if (queue.length >= options.maxQueued + free) return Promise.reject(new PoolBusyError(options.name));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ id: nextId++, task, transfer, resolve, reject });
        pump();
      });
    },
    stats: () => ({ running: slots.filter((s) => s.job).length, queued: queue.length, workers: slots.length, replaced, startFailures: startFailures.length }),
    failure: () => failed,
    async crashOne() {
      const slot = slots.find((s) => s.job) ?? slots[0];
      await slot?.worker.terminate();
    },
    async close() {
      closed = true;
      for (const timer of restarts) clearTimeout(timer);
      restarts.clear();
      for (const job of queue.splice(0)) job.reject(new Error(`The ${options.name} pool is closed`));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
