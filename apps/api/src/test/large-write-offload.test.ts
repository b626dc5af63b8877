import * as Automerge from '@automerge/automerge';
import { createLayer, type LayerId, type ProjectDoc, type ProjectJson } from '@beamstage/layers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADDITIONS_PER_CHANGE, OFFLOAD_MIN_ADDITIONS } from '../projects/additions';
import { makeUser, sampleProjectBody, type TestUser } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// A write adding many entities has them built by the additions worker and applied a batch at a
// time (design.md section 4 rule 14); the result must be what one change on the api's thread
// made: every added layer whole and in order, live edits kept, the write winning where both wrote.
// Counts the whole-document saves made on the api's thread (the worker's thread has its own module).
vi.mock('@automerge/automerge', async (importOriginal) => {
  const actual = await importOriginal<typeof Automerge>();
  return { ...actual, save: vi.fn(actual.save) };
});
const saves = vi.mocked(Automerge.save);

const ADDED = OFFLOAD_MIN_ADDITIONS + 3 * ADDITIONS_PER_CHANGE + 5;
const layers = (prefix: string, n: number, x: number) =>
  Array.from({ length: n }, (_, i) => ({
    ...sampleProjectBody().layers[0]!,
    id: `${prefix}${i}`,
    name: `${prefix} ${i}`,
    x,
    content: { src: `data:image/png;base64,${'A'.repeat(64)}${i}` },
  }));

describe('large writes: additions built off the api thread', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeUser(t.app, 'offload-owner');
  });
  afterAll(async () => t?.close());

  const create = async (name: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: sampleProjectBody(name) })).json().id as string;

  it(`adds ${ADDED} layers through the worker, in order, whole, in document and row`, async () => {
    const id = await create('Offload');
    const body = { ...sampleProjectBody('Offload'), id, layers: [...sampleProjectBody().layers, ...layers('n', ADDED, 40)] };
    const res = await t.app.inject({ method: 'POST', url: '/api/projects/update', headers: owner.headers, payload: body });
    expect(res.statusCode).toBe(200);
    expect(t.app.sync.additionsPool()?.stats()).toMatchObject({ workers: 1, replaced: 0 });
    const got = (await t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers })).json() as ProjectJson;
    expect(got.layers.map((l) => l.id)).toEqual(body.layers.map((l) => l.id));
    expect(got.layers.at(-1)).toMatchObject({ x: 40, name: `n ${ADDED - 1}`, content: { src: body.layers.at(-1)!.content.src } });
    // Data URLs are whole values in the document, as a write on the api's thread stores them.
    const doc = (await t.app.sync.projectDoc(id)).doc();
    expect(typeof doc.layers['n3']!.content).toBe('object');
    expect(String((doc.layers['n3']!.content as { src: unknown }).src)).toBe(body.layers[5]!.content.src);
    expect((doc.layers['n3']!.content as { src: unknown }).src).not.toBeTypeOf('string');
  });

  it('keeps live edits made meanwhile, and the write wins on a layer both added', async () => {
    const id = await create('Offload race');
    const handle = await t.app.sync.projectDoc(id);
    const first = Object.keys(handle.doc().layers)[0]!;
    const added = layers('r', ADDED, 70);
    await t.app.sync.write(id, async (stored) => {
      handle.change((d: ProjectDoc) => {
        d.layers['live_layer'] = { ...createLayer('image', { id: 'live_layer' as LayerId }), order: 'zz' } as never;
        // A layer the write also adds, made live first: the write's is the one kept.
        d.layers['r40'] = { ...createLayer('image', { id: 'r40' as LayerId }), x: 999, order: 'zy' } as never;
        d.layers[first]!.x = 123;
      });
      return { ...stored.data, layers: [...stored.data.layers.filter((l) => !['live_layer', 'r40'].includes(l.id)), ...added] as ProjectJson['layers'] };
    });
    const after = handle.doc();
    expect(after.layers['live_layer']).toBeDefined();
    expect(after.layers[first]!.x).toBe(123);
    expect(after.layers['r40']!.x).toBe(70);
    for (const l of added) expect(after.layers[l.id]?.name).toBe(l.name);
    await t.app.sync.flushRows();
    const row = (await t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers })).json() as ProjectJson;
    expect(row.layers.map((l) => l.id)).toEqual(expect.arrayContaining(['live_layer', first, ...added.map((l) => l.id)]));
  });

  it('a second large write to a project sends the worker only what changed: no whole save on the api thread', async () => {
    // Its own user: the free plan's three projects are the other tests'.
    const user = await makeUser(t.app, 'offload-twice');
    const id = (await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: user.headers, payload: sampleProjectBody('Offload twice') })).json()
      .id as string;
    const update = async (prefix: string, x: number) => {
      const body = { ...sampleProjectBody('Offload twice'), id, layers: [...sampleProjectBody().layers, ...layers(prefix, ADDED, x)] };
      const before = saves.mock.calls.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/projects/update', headers: user.headers, payload: body });
      expect(res.statusCode).toBe(200);
      const got = (await t.app.inject({ url: `/api/projects/${id}`, headers: user.headers })).json() as ProjectJson;
      expect(got.layers.map((l) => l.id)).toEqual(body.layers.map((l) => l.id));
      expect(got.layers.at(-1)).toMatchObject({ x, name: `${prefix} ${ADDED - 1}` });
      return saves.mock.calls.length - before;
    };
    expect(await update('p', 1)).toBe(1);
    // Each write replaces every added layer with new ones: new entities again, through the worker.
    expect(await update('q', 2)).toBe(0);
    expect(await update('s', 3)).toBe(0);
    // A live edit while the write is computed leaves the write's snapshot of the document outdated:
    // what goes to the worker is the document now, still as the changes since its copy.
    const handle = await t.app.sync.projectDoc(id);
    const before = saves.mock.calls.length;
    const added = layers('r', ADDED, 6);
    await t.app.sync.write(id, async (stored) => {
      handle.change((d: ProjectDoc) => void (d.layers['live_layer'] = { ...createLayer('image', { id: 'live_layer' as LayerId }), order: 'zz' } as never));
      return { ...stored.data, layers: [...sampleProjectBody().layers, ...added] as ProjectJson['layers'] };
    });
    expect(saves.mock.calls.length - before).toBe(0);
    expect(handle.doc().layers['live_layer']).toBeDefined();
    for (const l of added) expect(handle.doc().layers[l.id]?.name).toBe(l.name);
    // A worker replaced since has no copy: it asks for the whole base, sent once.
    const pool = t.app.sync.additionsPool()!;
    const replacedBefore = pool.stats().replaced;
    await pool.crashOne();
    await expect.poll(() => pool.stats().replaced).toBe(replacedBefore + 1);
    expect(await update('u', 4)).toBe(1);
    expect(await update('v', 5)).toBe(0);
  });

  it('a worker that dies mid-write is replaced and the write is made on the api thread instead', async () => {
    const id = await create('Offload crash');
    const pool = t.app.sync.additionsPool()!;
    const replacedBefore = pool.stats().replaced;
    const body = { ...sampleProjectBody('Offload crash'), id, layers: layers('c', ADDED, 5) };
    const pending = t.app.inject({ method: 'POST', url: '/api/projects/update', headers: owner.headers, payload: body });
    await expect.poll(() => pool.stats().running, { timeout: 30_000, interval: 1 }).toBe(1);
    await pool.crashOne();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(pool.stats().replaced).toBe(replacedBefore + 1);
    const got = (await t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers })).json() as ProjectJson;
    expect(got.layers.map((l) => l.id)).toEqual(body.layers.map((l) => l.id));
  });
});
