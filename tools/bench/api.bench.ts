// `npm run bench:api` (design.md section 5, api budget): requests/s and p99 of
// GET /api/projects/public against a bare node:http route answering the same JSON bytes, both
// over real sockets at 50 connections (closed loop: saturation) from autocannon on its own thread
// (./load-worker.mjs), interleaved in rounds in the same run; then p99 of
// POST /api/assets/create-upload-url through api-commerce's hook (./api-upload.bench.ts).
// Prints raw figures per round and, last, one JSON line:
// {"bench":"api","publicVsBare":N,"publicP99Ms":N,"uploadUrlP99Ms":N,"meRps":N}
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config/index';
import { makeUser, sampleProjectBody } from '../../apps/api/src/testing/project-fixtures';
import { signTestToken } from '../../apps/api/src/testing/test-app';
import { drive as driveLoad, formatLoad, type LoadResult } from './load';

const CONNECTIONS = 50;
const ROUNDS = Number(process.env.API_BENCH_ROUNDS ?? 4);
const ROUND_MS = Number(process.env.API_BENCH_ROUND_MS ?? 3000);
const LAYERS = 20;

/** Each round warms its own connections for a second before measuring (./load-worker.mjs says why). */
const ROUND_WARMUP_MS = 1000;
const drive = (port: number, path: string, ms: number) =>
  driveLoad({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, ms, warmupMs: ROUND_WARMUP_MS });

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'beamstage-bench-api-'));
  // Rate limits stay on (their hook runs on every request) but high enough not to refuse the load.
  const config = loadConfig({
    PORT: '0',
    SANDBOX_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const owner = await makeUser(app, 'bench-owner');
  const body = sampleProjectBody('Bench stage');
  const layer0 = body.layers[0]!;
  body.layers = Array.from({ length: LAYERS }, (_, i) => ({ ...layer0, id: `layer_${i}`, name: `Image ${i}`, x: 100 + i * 10 }));
  const created = await app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: body });
  const projectId = created.json().id as string;
  await app.inject({ method: 'POST', url: '/api/projects/publish', headers: owner.headers, payload: { projectId, enableRealtime: true } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (app.server.address() as { port: number }).port;
  const publicPath = `/api/projects/public?id=${projectId}&userId=${owner.id}`;

  // The baseline: node:http answering the same bytes the public route answers.
  const sample = await app.inject(publicPath);
  const payload = sample.body;
  const bare: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
    res.end(payload);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', () => r()));
  const barePort = (bare.address() as { port: number }).port;
  console.log(
    `api bench: ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${ROUND_MS} ms (after ${ROUND_WARMUP_MS} ms of warm-up on the same connections), public project of ${LAYERS} layers (${Buffer.byteLength(payload)} bytes)`,
  );

  const pub: LoadResult[] = [];
  const base: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first so drift on this shared machine hits both alike.
    const order = round % 2 === 0 ? (['bare', 'public'] as const) : (['public', 'bare'] as const);
    for (const which of order) {
      const r = which === 'bare' ? await drive(barePort, '/', ROUND_MS) : await drive(apiPort, publicPath, ROUND_MS);
      (which === 'bare' ? base : pub).push(r);
      console.log(`round ${round + 1} ${which.padEnd(6)} ${formatLoad(r)}`);
    }
  }
  const sum = (rs: LoadResult[]) => rs.reduce((a, r) => a + r.rps, 0) / rs.length;
  const publicVsBare = sum(pub) / sum(base);
  const publicP99Ms = [...pub.map((r) => r.p99Ms)].sort((a, b) => a - b)[Math.floor(pub.length / 2)] ?? 0;
  console.log(`public: mean ${sum(pub).toFixed(0)} req/s; bare: mean ${sum(base).toFixed(0)} req/s; ratio ${publicVsBare.toFixed(3)} (budget >= 0.3)`);
  console.log(`public p99 per round: ${pub.map((r) => r.p99Ms.toFixed(2)).join(', ')} ms; median ${publicP99Ms.toFixed(2)} ms (budget <= 10 ms)`);

  // An authenticated route: GET /api/me verifies the bearer (RS256) and takes the users row (cached:
  // a database read per request before the cache). API_BENCH_ME=0 leaves it out.
  let meRps: number | null = null;
  if (process.env.API_BENCH_ME !== '0') {
    const me: LoadResult[] = [];
    for (let round = 0; round < Math.max(1, ROUNDS / 2); round++) {
      const r = await driveLoad({
        url: `http://127.0.0.1:${apiPort}/api/me`,
        connections: CONNECTIONS,
        ms: ROUND_MS,
        warmupMs: ROUND_WARMUP_MS,
        headers: owner.headers,
      });
      me.push(r);
      console.log(`round ${round + 1} /api/me ${formatLoad(r)}`);
    }
    meRps = sum(me);
    console.log(`/api/me: mean ${meRps.toFixed(0)} req/s`);
  }

  // Hook for api-commerce: ./api-upload.bench.ts exports benchUploadUrl({ baseUrl, token, projectId }).
  let uploadUrlP99Ms: number | null = null;
  try {
    // API_BENCH_UPLOAD=0 leaves the upload part out (profiling the public route alone).
    if (process.env.API_BENCH_UPLOAD === '0') throw new Error('API_BENCH_UPLOAD=0');
    const upload = (await import('./api-upload.bench.ts')) as {
      benchUploadUrl?: (o: { baseUrl: string; token: string; projectId: string }) => Promise<{ p99Ms: number; rps: number; errors: number }>;
    };
    if (upload.benchUploadUrl) {
      const token = await signTestToken(app, { sub: 'bench-owner', expiresIn: 3600 });
      const r = await upload.benchUploadUrl({ baseUrl: `http://127.0.0.1:${apiPort}`, token, projectId });
      uploadUrlP99Ms = r.p99Ms;
      console.log(`create-upload-url: ${r.rps.toFixed(0)} req/s, p99 ${r.p99Ms.toFixed(2)} ms, ${r.errors} errors`);
    }
  } catch (err) {
    console.log(`create-upload-url: not measured (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }

  bare.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  const round3 = (n: number) => Math.round(n * 1000) / 1000;
  console.log(
    JSON.stringify({
      bench: 'api',
      publicVsBare: round3(publicVsBare),
      publicP99Ms: round3(publicP99Ms),
      uploadUrlP99Ms: uploadUrlP99Ms === null ? null : round3(uploadUrlP99Ms),
      meRps: meRps === null ? null : Math.round(meRps),
    }),
  );
}

main().catch((err: unknown) => {
  // The api installs an unhandledRejection logger: say it here and end, rather than hang.
  console.error(err);
  process.exit(1);
});
