import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { FromPgliteWorker, ToPgliteWorker } from './pglite-worker';

/** PGlite failed to open the folder: its own words, and the file system's code when there is one. */
export class PgliteOpenError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PgliteOpenError';
  }
}

/** The embedded database's worker thread, seen from the api's thread. */
export interface PgliteThread {
  /** A new wire connection (one MessagePort) for node-postgres. */
  connect(): MessagePort;
  /** Called once if the database fails while running (its wasm module died, the thread crashed). */
  onFailure(listener: (reason: string) => void): void;
  /** Closes PGlite cleanly (its shutdown checkpoint), then ends the thread. */
  close(): Promise<void>;
  /** Ends the thread without closing PGlite: a database that failed its check is not written. */
  abandon(): Promise<void>;
}

const CLOSE_TIMEOUT_MS = 60_000;

/**
 * Starts PGlite on `dir` in a worker thread and waits until it is open; throws PgliteOpenError
 * when PGlite cannot open the folder (the thread is ended without writing anything).
 */
export async function startPgliteThread(dir: string): Promise<PgliteThread> {
  // No inherited preloads (`node --import ...`): the entry registers the TypeScript loader itself,
  // and a preload of the api's process (a test's fault fixture) has no business in this thread.
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir }, execArgv: [] });
  // The connections' ports keep the process alive while in use, as sockets would; the thread itself does not.
  worker.unref();
  let ended = false;
  let failure: string | null = null;
  const listeners: ((reason: string) => void)[] = [];
  const fail = (reason: string) => {
    if (failure !== null || ended) return;
    failure = reason;
    for (const l of listeners) l(reason);
  };
  await new Promise<void>((resolve, reject) => {
    const onMessage = (m: FromPgliteWorker) => {
      if (m.type === 'ready') return settle(null);
      if (m.type === 'open-failed') settle(new PgliteOpenError(m.message, m.code));
    };
    const onError = (err: Error) => settle(new PgliteOpenError(err.message));
    const onExit = (code: number) => settle(new PgliteOpenError(`the database thread exited (${code}) while opening`));
    const settle = (err: Error | null) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (!err) return resolve();
      ended = true;
      void worker.terminate().finally(() => reject(err));
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
  const closed = new Promise<void>((resolve) =>
    worker.on('message', (m: FromPgliteWorker) => {
      if (m.type === 'failed') fail(`the embedded database failed: ${m.message}`);
      if (m.type === 'closed') resolve();
    }),
  );
  worker.on('error', (err) => fail(`the embedded database's thread failed: ${err.message}`));
  worker.on('exit', (code) => fail(`the embedded database's thread exited (${code})`));
  const send = (m: ToPgliteWorker, transfer?: MessagePort[]) => worker.postMessage(m, transfer);
  return {
    connect() {
      if (ended || failure !== null) throw new Error(failure ?? 'The embedded database is closed');
      const { port1, port2 } = new MessageChannel();
      send({ type: 'connect', port: port2 }, [port2]);
      return port1;
    },
    onFailure(listener) {
      listeners.push(listener);
    },
    async close() {
      if (ended) return;
      ended = true;
      if (failure === null) {
        send({ type: 'close' });
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, CLOSE_TIMEOUT_MS)))]);
        clearTimeout(timer);
      }
      await worker.terminate();
    },
    async abandon() {
      if (ended) return;
      ended = true;
      await worker.terminate();
    },
  };
}
