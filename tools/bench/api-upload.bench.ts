// p99 of POST /api/assets/create-upload-url (quota reservation + row + SigV4 signing) for
// tools/bench/api.bench.ts (`npm run bench:api`), which imports benchUploadUrl and puts
// uploadUrlP99Ms in its last JSON line. Run alone: `tsx tools/bench/api-upload.bench.ts`
// (boots the api on a temp data dir: PGlite and s3rver), printing raw figures and one JSON line.
// Pulls apps/api's decorator types (app.db) into this program for main()'s direct insert.
import { Agent, request } from 'node:http';
import { pathToFileURL } from 'node:url';
import type {} from '../../apps/api/src/plugins/app/db';

/** What to hit: a listening api, a bearer token and a project the token's user can upload to. */
export interface UploadBenchOptions {
  baseUrl: string;
  token: string;
  projectId: string;
  /** Concurrent connections (default 50, as the api budget's). */
  connections?: number;
  /** Requests in the measured run (default 2000; UPLOAD_BENCH_REQUESTS overrides). */
  requests?: number;
  /** Requests before measuring (default 200). */
  warmup?: number;
}

/** Raw figures of one run. */
export interface UploadBenchResult {
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Fires create-upload-url requests over `connections` keep-alive connections and measures latency. */
export async function benchUploadUrl(opts: UploadBenchOptions): Promise<UploadBenchResult> {
  let n = 0;
  return benchRoute(opts, 'POST', '/api/assets/create-upload-url', () =>
    JSON.stringify({ fileName: `bench-${n++}.png`, fileType: 'image/png', projectId: opts.projectId, fileSize: 1024 }),
  );
}

/** The same load on any authenticated route (GET when `body` is null): the same-run baseline. */
export async function benchRoute(opts: UploadBenchOptions, method: 'GET' | 'POST', path: string, body: () => string | null): Promise<UploadBenchResult> {
  const connections = opts.connections ?? 50;
  const total = opts.requests ?? Number(process.env.UPLOAD_BENCH_REQUESTS ?? 2000);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(path, opts.baseUrl);
  const one = () =>
    new Promise<{ ms: number; ok: boolean }>((resolve) => {
      const payload = body();
      const headers: Record<string, string | number> = { authorization: `Bearer ${opts.token}` };
      if (payload !== null) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      const started = process.hrtime.bigint();
      const req = request(url, { method, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: res.statusCode === 200 }));
      });
      req.on('error', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: false }));
      req.end(payload ?? undefined);
    });
  const run = async (count: number) => {
    const samples: { ms: number; ok: boolean }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < count) {
          next++;
          samples.push(await one());
        }
      }),
    );
    return samples;
  };
  await run(opts.warmup ?? 200);
  const started = process.hrtime.bigint();
  const samples = await run(total);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors: samples.filter((s) => !s.ok).length,
    rps: Math.round(samples.length / seconds),
    p50Ms: Number(percentile(sorted, 50).toFixed(2)),
    p99Ms: Number(percentile(sorted, 99).toFixed(2)),
    maxMs: Number((sorted.at(-1) ?? 0).toFixed(2)),
  };
}

/** Boots the api on a temp data dir, makes a user and a project, and runs benchUploadUrl. */
async function main() {
  const { createTestApp, signTestToken } = await import('../../apps/api/src/testing/test-app');
  const { projects } = await import('../../apps/api/src/db/schema/index');
  // The per-token rate limit would answer most of a benchmark's requests with 429: lift it here.
  const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000000' });
  try {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await signTestToken(t.app, { sub: 'bench-uploader' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    const userId = (me.json() as { id: string }).id;
    await t.app.db.insert(projects).values({ id: 'proj_bench_upload', ownerId: userId, name: 'Bench', data: {} });
    const opts = { baseUrl, token, projectId: 'proj_bench_upload' };
    // Baseline in the same run: GET /api/me (token check and one user lookup) under the same load.
    const baseline = await benchRoute(opts, 'GET', '/api/me', () => null);
    const result = await benchUploadUrl(opts);
    const line = (name: string, r: UploadBenchResult) =>
      console.log(`${name}: ${r.requests} requests, ${r.errors} errors, ${r.rps} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms (50 connections)`);
    line('GET /api/me (baseline)', baseline);
    line('POST /api/assets/create-upload-url', result);
    const ratio = Number((result.p99Ms / baseline.p99Ms).toFixed(2));
    console.log(`create-upload-url p99 / baseline p99: ${ratio}`);
    console.log(JSON.stringify({ bench: 'api-upload', uploadUrlP99Ms: result.p99Ms, uploadUrlP50Ms: result.p50Ms, uploadUrlRps: result.rps, baselineMeP99Ms: baseline.p99Ms, p99VsBaseline: ratio, errors: result.errors + baseline.errors }));
    if (result.errors + baseline.errors > 0) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
