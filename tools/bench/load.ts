import { Worker } from 'node:worker_threads';

/** What one load run drives: `connections` keep-alive connections on `url` for `warmupMs` + `ms`. */
export interface LoadOptions {
  url: string;
  connections: number;
  /** How long the measured part runs. */
  ms: number;
  /** Load on the same connections before measuring (answers to requests sent in it are not counted). */
  warmupMs?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The request body; `{n}` in it becomes a per-request counter. */
  body?: string;
}

/** Raw figures of one run: 2xx answers counted in `requests`, anything else in `errors`. */
export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Runs one closed-loop load from a worker thread (./load-worker.mjs), so servers in this thread keep its event loop. */
export function drive(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: options });
    worker.once('message', (r: LoadResult) => resolve(r));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load worker exited (${code}) without a result`)));
  });
}

export const formatLoad = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, max ${r.maxMs.toFixed(2)} ms, ${r.requests} ok, ${r.errors} errors`;
