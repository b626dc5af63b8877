import type { ProjectJson } from '@beamstage/layers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLOAD_MIN_ADDITIONS } from '../projects/additions';
import { isLargeProject } from '../projects/new-project';
import { makeUser, sampleProjectBody, type TestUser } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { PoolFailedError } from '../workers/worker-pool';

// A document worker that throws while loading, every time (a broken deploy, a module that fails to
// load): the pool gives up after a few starts instead of replacing it in an endless loop, health
// says so, and the work that needed it is done on the api's thread, as when the worker refuses.
const THROWS_AT_START = new URL('../workers/throwing-worker.fixture.mjs', import.meta.url);
const layers = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ ...sampleProjectBody().layers[0]!, id: `${prefix}${i}`, name: `${prefix} ${i}` }));

describe('document workers that cannot start', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({}, { documentWorkerFile: THROWS_AT_START });
    owner = await makeUser(t.app, 'workers-fail-owner');
  });
  afterAll(async () => t?.close());

  it('gives up after a few starts, reports it in /api/health, and large writes still succeed on the api thread', async () => {
    await expect(t.app.sync.startWorkers()).rejects.toBeInstanceOf(PoolFailedError);
    const pool = t.app.sync.additionsPool()!;
    expect(pool.stats()).toMatchObject({ workers: 0, startFailures: 5 });

    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const body = health.json() as { status: string; reason: string; parts: Record<string, { ok: boolean; detail?: string }> };
    expect(body.status).toBe('degraded');
    expect(body.parts['workers']).toEqual({
      ok: false,
      detail:
        "The document workers failed to start 5 times in a row (last: this worker cannot start); no more are started until the server restarts. Large saves and new projects are converted on the api's thread meanwhile (slower for other users).",
    });
    expect(body.reason).toBe(`workers: ${body.parts['workers']!.detail}`);
    for (const part of ['db', 'storage', 'auth', 'sync']) expect(body.parts[part]?.ok, part).toBe(true);

    // A large new project (the worker's job) is converted here instead.
    const large = { ...sampleProjectBody('Large without workers'), layers: layers('c', OFFLOAD_MIN_ADDITIONS + 6) };
    expect(isLargeProject(large as unknown as ProjectJson)).toBe(true);
    const created = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: large });
    expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
    const id = (created.json() as ProjectJson).id;
    // So is its duplicate, and a write adding many layers.
    const copy = await t.app.inject({ method: 'POST', url: '/api/projects/duplicate', headers: owner.headers, payload: { id } });
    expect(copy.statusCode, copy.body.slice(0, 300)).toBe(201);
    expect((copy.json() as ProjectJson).layers).toHaveLength(large.layers.length);
    const update = { ...large, id, layers: [...large.layers, ...layers('u', OFFLOAD_MIN_ADDITIONS + 6)] };
    const updated = await t.app.inject({ method: 'POST', url: '/api/projects/update', headers: owner.headers, payload: update });
    expect(updated.statusCode, updated.body.slice(0, 300)).toBe(200);
    const got = (await t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers })).json() as ProjectJson;
    expect(got.layers.map((l) => l.id)).toEqual(update.layers.map((l) => l.id));
    expect(Object.keys((await t.app.sync.projectDoc(id)).doc().layers)).toHaveLength(update.layers.length);

    // No worker was started again for any of them.
    expect(pool.stats()).toMatchObject({ workers: 0, startFailures: 5, replaced: 0 });
    expect(t.app.fatal.reason).toBeNull();
  });
});
