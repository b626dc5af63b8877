// p99 of POST /api/assets/create-upload-url (quota reservation + row + SigV4 signing) for
// tools/bench/api.bench.ts (`npm run bench:api`), which imports benchUploadUrl and puts
// uploadUrlP99Ms in its last JSON line. Run alone: `tsx tools/bench/api-upload.bench.ts`
// (boots the api on a temp data dir: PGlite and s3rver), printing raw figures and one JSON line.
// Pulls apps/api's decorator types (app.db) into this program for main()'s direct insert.
import { pathToFileURL } from 'node:url';
import type {} from '../../apps/api/src/plugins/app/db';
import { startAcceptProbe, type AcceptProbeResult } from './accept-probe';
import { drive, type LoadResult } from './load';

/** What to hit: a listening api, a bearer token and a project the token's user can upload to. */
export interface UploadBenchOptions {
  baseUrl: string;
  token: string;
  projectId: string;
  /** Concurrent connections (default 50, as the api budget's). */
  connections?: number;
  /** Length of the measured run in ms (default 3000; UPLOAD_BENCH_MS overrides). */
  ms?: number;
  /** Load on the same connections before measuring, in ms (default 1000). */
  warmupMs?: number;
}

/** Raw figures of one run. */
export type UploadBenchResult = LoadResult;

/** Fires create-upload-url requests, each for a new file name, over `connections` keep-alive connections. */
export async function benchUploadUrl(opts: UploadBenchOptions): Promise<UploadBenchResult> {
  return benchRoute(
    opts,
    'POST',
    '/api/assets/create-upload-url',
    JSON.stringify({ fileName: 'bench-{n}.png', fileType: 'image/png', projectId: opts.projectId, fileSize: 1024 }),
  );
}

/** The same load on any authenticated route (GET when `body` is absent): the same-run baseline. */
export async function benchRoute(opts: UploadBenchOptions, method: 'GET' | 'POST', path: string, body?: string): Promise<UploadBenchResult> {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return drive({
    url: new URL(path, opts.baseUrl).href,
    connections: opts.connections ?? 50,
    method,
    headers,
    body,
    warmupMs: opts.warmupMs ?? 1000,
    ms: opts.ms ?? Number(process.env.UPLOAD_BENCH_MS ?? 3000),
  });
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
    // A new client's wait (fresh connection, a route that reads nothing) on the idle server, then
    // while the upload route saturates it: the accept latency of a busy server.
    const probeUrl = new URL('/api/no-such-route', baseUrl).href;
    const idleProbe = startAcceptProbe(probeUrl);
    await new Promise((r) => setTimeout(r, 1500));
    const idle = await idleProbe.stop();
    const baseline = await benchRoute(opts, 'GET', '/api/me');
    const busyProbe = startAcceptProbe(probeUrl);
    const result = await benchUploadUrl(opts);
    const busy = await busyProbe.stop();
    const line = (name: string, r: UploadBenchResult) =>
      console.log(
        `${name}: ${r.requests} requests, ${r.errors} errors, ${r.rps.toFixed(0)} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, max ${r.maxMs.toFixed(2)} ms (50 connections)`,
      );
    line('GET /api/me (baseline)', baseline);
    line('POST /api/assets/create-upload-url', result);
    const probe = (name: string, r: AcceptProbeResult) =>
      console.log(
        `${name}: ${r.samples} new connections (${r.failed} failed), p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, max ${r.maxMs.toFixed(2)} ms`,
      );
    probe('new connection, idle server', idle);
    probe('new connection, during create-upload-url load', busy);
    const ratio = Number((result.p99Ms / baseline.p99Ms).toFixed(2));
    console.log(`create-upload-url p99 / baseline p99: ${ratio}`);
    console.log(
      JSON.stringify({
        bench: 'api-upload',
        uploadUrlP99Ms: result.p99Ms,
        uploadUrlP50Ms: result.p50Ms,
        uploadUrlRps: result.rps,
        baselineMeP99Ms: baseline.p99Ms,
        p99VsBaseline: ratio,
        acceptIdleMaxMs: idle.maxMs,
        acceptBusyP99Ms: busy.p99Ms,
        acceptBusyMaxMs: busy.maxMs,
        errors: result.errors + baseline.errors,
      }),
    );
    if (result.errors + baseline.errors > 0) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
