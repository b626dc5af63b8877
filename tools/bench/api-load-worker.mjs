// The api bench's load generator, on its own thread: in the server's process and event loop it
// would take turns with the server it measures, so every figure would include the client's work.
// Plain JavaScript so the worker needs no TypeScript loader. Drives `path` on `port` with
// `connections` keep-alive connections for `ms` and posts back the raw latencies' summary:
// closed loop (each connection sends again as soon as it has an answer, i.e. saturation) by
// default, or open loop at `rate` requests per second, where each latency counts from the moment
// the request was due, so a stalled server is not hidden by requests it delayed.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, path, ms, connections, rate } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
const end = performance.now() + ms;
const one = (due = performance.now()) =>
  new Promise((resolve) => {
    const t0 = due;
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 200) latencies.push(performance.now() - t0);
        else errors++;
        resolve();
      });
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end();
  });
const started = performance.now();
if (rate) {
  // Open loop: every millisecond, send the requests that have come due since the last tick.
  const inFlight = [];
  let sent = 0;
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      if (now >= end) {
        clearInterval(tick);
        resolve();
        return;
      }
      const dueCount = Math.floor(((now - started) / 1000) * rate);
      for (; sent < dueCount; sent++) inFlight.push(one(started + (sent * 1000) / rate));
    }, 1);
  });
  await Promise.all(inFlight);
} else {
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await one();
    }),
  );
}
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
latencies.sort((a, b) => a - b);
const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
parentPort.postMessage({ requests: latencies.length, errors, rps: latencies.length / elapsed, p50Ms: percentile(50), p99Ms: percentile(99) });
