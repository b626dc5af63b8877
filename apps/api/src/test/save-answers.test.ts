// What a REST save answers: a refusal carries the spec's validation text in
// `error` (the client shows `error` first, spec section 7), and a save that a newer server value
// overrode says so, field by field, instead of a silent 200.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, sampleProjectBody, type TestUser } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Concurrent renames; CONCURRENT_RENAMES raises it. */
const RENAMES = Number(process.env.CONCURRENT_RENAMES ?? 50);

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: owner.headers, payload: payload as object });

let made = 0;
/** A new project of a new owner (the free plan allows 3 per user). */
async function createProject(name: string) {
  owner = await makeUser(t.app, `saver${++made}`);
  const res = await post('/api/projects/create', sampleProjectBody(name));
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('a refused save', () => {
  it('carries the validation text in error and message', async () => {
    const project = await createProject('Valid first');
    const res = await post('/api/projects/update', { ...project, canvas: { width: 0, height: 600 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid canvas dimensions', message: 'Invalid canvas dimensions' });
  });

  it('names a schema violation in error, never a bare status phrase', async () => {
    const res = await post('/api/projects/publish', { projectId: 'proj_1_a', enableRealtime: 'yes' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(body.message);
    expect(body.error).toMatch(/enableRealtime/);
  });
});

describe('a save a newer value overrode', () => {
  it('answers 200 with an empty kept list when everything applied', async () => {
    const project = await createProject('Applies');
    const res = await post('/api/projects/update', { ...project, metadata: { ...project.metadata, name: 'Applied' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().kept).toEqual([]);
  });

  it(`reports, for ${RENAMES} concurrent renames from one base, every rename that did not apply`, async () => {
    const project = await createProject('Contested');
    const names = Array.from({ length: RENAMES }, (_, i) => `Rename ${i}`);
    const answers = await Promise.all(names.map((name) => post('/api/projects/update', { ...project, metadata: { ...project.metadata, name } })));
    for (const a of answers) expect(a.statusCode).toBe(200);
    const bodies = answers.map((a) => a.json() as { revision: number; kept: { path: string; reason: string }[] });
    const applied = names.filter((_, i) => bodies[i]!.kept.length === 0);
    const notApplied = bodies.filter((b) => b.kept.length > 0);
    // Every write after the first was computed from the same, now stale, base: its name lost to a newer one.
    expect(applied).toHaveLength(1);
    expect(notApplied).toHaveLength(RENAMES - 1);
    for (const b of notApplied) expect(b.kept).toEqual([{ path: 'metadata.name', reason: 'newer' }]);
    const stored = (await t.app.inject({ url: `/api/projects/${project.id}`, headers: owner.headers })).json();
    expect(stored.metadata.name).toBe(applied[0]);
  });

  it('names a layer whose newer version stayed, by id and name', async () => {
    const project = await createProject('Layers');
    const first = { ...project, layers: project.layers.map((l: { id: string }, i: number) => (i === 0 ? { ...l, name: 'Theirs', x: 5 } : l)) };
    expect((await post('/api/projects/update', first)).statusCode).toBe(200);
    const stale = { ...project, layers: project.layers.map((l: { id: string }, i: number) => (i === 0 ? { ...l, x: 99 } : l)) };
    const res = await post('/api/projects/update', stale);
    expect(res.statusCode).toBe(200);
    expect(res.json().kept).toEqual([{ path: 'layers', id: project.layers[0].id, name: 'Theirs', reason: 'newer' }]);
  });
});
