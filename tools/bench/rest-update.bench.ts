// npm run bench:rest-update — one REST save's cost on the server: POST /api/projects/update of a
// 100-layer, 2,000-keyframe project (the body a Save sends), through the real app in process
// (Fastify inject, PGlite in a temp DATA_DIR, the project's Automerge document, the row written
// from it). Each sample moves one layer (a small change in a whole-project body, as a Save is) and
// sends the revision of the previous answer, so every write applies. Measured from the request
// to the answer (inject: no socket), p50/p95; a no-change save (the same body again) and
// GET /api/projects/{id} in the same run as references. BENCH_SAMPLES (default 60) sizes the run.
// Last line: {"bench":"rest-update","updateP50Ms":N,"updateP95Ms":N,...}
import { buildSyncProjectJson } from '../../libs/sync/src/testing';
import { makeUser } from '../../apps/api/src/testing/project-fixtures';
import { createTestApp } from '../../apps/api/src/testing/test-app';
import { percentile } from './bench-util.ts';

const SAMPLES = Number(process.env['BENCH_SAMPLES'] ?? 60);
const WARMUP = 5;
const r2 = (n: number) => Math.round(n * 100) / 100;

async function main() {
  const t = await createTestApp();
  const { app } = t;
  const user = await makeUser(app, 'rest-bench');
  const project = buildSyncProjectJson({ layers: 100, keyframesPerLayer: 20 });
  const created = await app.inject({ method: 'POST', url: '/api/projects/create', headers: user.headers, payload: project });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const body = created.json() as typeof project & { revision: number };
  const id = body.id;

  const timed = async (payload: object): Promise<{ ms: number; revision: number }> => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/projects/update', headers: user.headers, payload });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`update: ${res.statusCode} ${res.body}`);
    const answer = res.json() as { revision: number; kept: unknown[] };
    if (answer.kept.length > 0) throw new Error(`update kept ${JSON.stringify(answer.kept)}: the bench's writes must all apply`);
    return { ms, revision: answer.revision };
  };

  let revision = body.revision;
  const updates: number[] = [];
  const unchanged: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const layer = body.layers[(i * 7) % body.layers.length]!;
    layer.x = 10 + i;
    const moved = await timed({ ...body, revision });
    revision = moved.revision;
    const same = await timed({ ...body, revision });
    revision = same.revision;
    const t0 = performance.now();
    const read = await app.inject({ url: `/api/projects/${id}`, headers: user.headers });
    const readMs = performance.now() - t0;
    if (read.statusCode !== 200) throw new Error(`get: ${read.statusCode}`);
    if (i < WARMUP) continue;
    updates.push(moved.ms);
    unchanged.push(same.ms);
    reads.push(readMs);
  }
  const bytes = Buffer.byteLength(JSON.stringify(body));
  await t.close();

  const result = {
    bench: 'rest-update',
    updateP50Ms: r2(percentile(updates, 50)),
    updateP95Ms: r2(percentile(updates, 95)),
    unchangedP50Ms: r2(percentile(unchanged, 50)),
    unchangedP95Ms: r2(percentile(unchanged, 95)),
    getP50Ms: r2(percentile(reads, 50)),
  };
  console.log(
    `POST /api/projects/update, 100 layers / 2000 keyframes (${bytes} bytes), one layer moved: p50 ${result.updateP50Ms} ms, p95 ${result.updateP95Ms} ms (${updates.length} samples)`,
  );
  console.log(`  the same body again (nothing to apply): p50 ${result.unchangedP50Ms} ms, p95 ${result.unchangedP95Ms} ms`);
  console.log(`  reference GET /api/projects/{id}: p50 ${result.getP50Ms} ms, p95 ${r2(percentile(reads, 95))} ms`);
  console.log(JSON.stringify(result));
  process.exit(0);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
