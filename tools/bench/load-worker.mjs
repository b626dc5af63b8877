// The api benches' load generator, on its own thread: in the server's process and event loop it
// would take turns with the server it measures, so every figure would include the client's work.
// autocannon drives the connections: raw sockets and prepared request bytes cost the client far
// less than node:http's client did (a bare node:http route measured ~21k req/s through it against
// ~39k through autocannon on this 2-core machine), so the figures are the server's, not the
// generator's. Closed loop: each connection sends again as soon as it has an answer (saturation).
// autocannon's own histogram rounds to whole milliseconds, so latencies are taken from its
// 'response' events (float ms from send to the answer's last byte) and summarised here.
// The first `warmupMs` are load without measurement on the same connections: a fresh connection's
// first request waits for the busy server to accept it (up to ~0.8 s under the upload route's
// load), which is connection set-up, not the route's latency; keep-alive clients pay it once.
// Plain JavaScript so the worker needs no TypeScript loader.
import autocannon from 'autocannon';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ url: string, connections: number, ms: number, warmupMs?: number, method?: string, headers?: Record<string, string>, body?: string }} */
const { url, connections, ms, warmupMs = 0, method = 'GET', headers = {}, body } = workerData;
const latencies = [];
let n = 0;
const request = { method, headers };
// `{n}` in the body becomes a per-request counter (distinct upload names, for example).
if (body !== undefined) request.setupRequest = (req) => ({ ...req, body: body.replaceAll('{n}', String(n++)) });
const measureFrom = performance.now() + warmupMs;
let measuredUntil = measureFrom;
const instance = autocannon({ url, connections, duration: (warmupMs + ms) / 1000, requests: [request] }, (err, result) => {
  if (err) throw err;
  latencies.sort((a, b) => a - b);
  const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((latencies.length * p) / 100) - 1)] ?? 0;
  const errors = result.errors + result.timeouts + result.non2xx;
  const seconds = Math.max(measuredUntil - measureFrom, 1) / 1000;
  parentPort.postMessage({
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    maxMs: latencies.at(-1) ?? 0,
  });
});
instance.on('response', (_client, statusCode, _bytes, ms) => {
  const now = performance.now();
  // Counted when it was sent after the warm-up (now - ms is when it went out).
  if (now - ms < measureFrom || statusCode < 200 || statusCode >= 300) return;
  latencies.push(ms);
  measuredUntil = now;
});
