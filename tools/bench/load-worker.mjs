// The api benches' load generator, on its own thread: in the server's process and event loop it
// would take turns with the server it measures, so every figure would include the client's work.
// autocannon drives the connections: raw sockets and prepared request bytes cost the client far
// less than node:http's client did (a bare node:http route measured ~21k req/s through it against
// ~39k through autocannon on this 2-core machine), so the figures are the server's, not the
// generator's. Closed loop: each connection sends again as soon as it has an answer (saturation).
// autocannon's own histogram rounds to whole milliseconds, so latencies are taken from its
// 'response' events (float ms from send to the answer's last byte) and summarised here.
// Plain JavaScript so the worker needs no TypeScript loader.
import autocannon from 'autocannon';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ url: string, connections: number, ms: number, method?: string, headers?: Record<string, string>, body?: string }} */
const { url, connections, ms, method = 'GET', headers = {}, body } = workerData;
const latencies = [];
let n = 0;
const request = { method, headers };
// `{n}` in the body becomes a per-request counter (distinct upload names, for example).
if (body !== undefined) request.setupRequest = (req) => ({ ...req, body: body.replaceAll('{n}', String(n++)) });
const instance = autocannon({ url, connections, duration: ms / 1000, requests: [request] }, (err, result) => {
  if (err) throw err;
  latencies.sort((a, b) => a - b);
  const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((latencies.length * p) / 100) - 1)] ?? 0;
  const errors = result.errors + result.timeouts + result.non2xx;
  parentPort.postMessage({ requests: latencies.length, errors, rps: latencies.length / result.duration, p50Ms: percentile(50), p99Ms: percentile(99), maxMs: latencies.at(-1) ?? 0 });
});
instance.on('response', (_client, statusCode, _bytes, ms) => {
  if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
});
