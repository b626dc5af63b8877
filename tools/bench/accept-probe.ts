import { Worker } from 'node:worker_threads';

/**
 * A new client's wait on a busy server: every `everyMs` a fresh connection (no keep-alive) asks
 * `url` and times connect + answer. Runs on its own thread so that a server in the caller's
 * thread is measured, not shared with the probe. A server whose event loop is held (the embedded
 * database working on it, a large write) accepts the connection late; this is that wait.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, everyMs } = workerData;
let stop = false;
const times = [];
parentPort.on('message', () => { stop = true; });
const once = () => new Promise((resolve) => {
  const t0 = performance.now();
  const req = http.get(url, { agent: false }, (res) => { res.resume(); res.on('end', () => resolve(performance.now() - t0)); });
  req.on('error', () => resolve(-1));
});
(async () => {
  while (!stop) {
    times.push(await once());
    await new Promise((r) => setTimeout(r, everyMs));
  }
  parentPort.postMessage(times);
})();
`;

export interface AcceptProbeResult {
  samples: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Starts the probe; `stop()` ends it and resolves its figures. */
export function startAcceptProbe(url: string, everyMs = 50): { stop(): Promise<AcceptProbeResult> } {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, everyMs } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const times = await done;
      await worker.terminate();
      const ok = times.filter((t) => t >= 0).sort((a, b) => a - b);
      const at = (p: number) => ok[Math.min(ok.length - 1, Math.max(0, Math.ceil((ok.length * p) / 100) - 1))] ?? 0;
      return { samples: ok.length, failed: times.length - ok.length, p50Ms: at(50), p99Ms: at(99), maxMs: ok.at(-1) ?? 0 };
    },
  };
}
