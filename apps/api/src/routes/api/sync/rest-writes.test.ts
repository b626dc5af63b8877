import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../db/schema/index';
import { makeUser, sampleProjectBody, type TestUser } from '../../../testing/project-fixtures';
import { createTestApp, type TestApp } from '../../../testing/test-app';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t.app, 'rest-live-owner');
});
afterAll(async () => {
  await t?.app.sync.flushRows();
  await t?.close();
});

const create = async (name: string): Promise<string> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: sampleProjectBody(name) });
  expect(res.statusCode).toBe(201);
  return res.json().id;
};
const read = async (id: string) => (await t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers })).json();
const rowData = async (id: string) => {
  const [row] = await t.app.db.select().from(projects).where(eq(projects.id, id));
  return row!.data as { layers: { id: string; name: string; x: number }[] };
};
const renameAndAdd = async (id: string) => {
  const current = await read(id);
  const layers = current.layers.map((l: { id: string }) => (l.id === 'layer_a' ? { ...l, name: 'Renamed by REST' } : l));
  layers.push({ ...current.layers[0], id: 'layer_rest', name: 'Added by REST', x: 42 });
  const res = await t.app.inject({ method: 'POST', url: '/api/projects/update', headers: owner.headers, payload: { ...current, layers } });
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json()).sort()).toEqual(['modified', 'ok', 'revision']);
  return res.json() as { revision: number };
};

describe('REST writes and the live document', () => {
  it('a /api/projects/update reaches the live document and survives the row follower', async () => {
    const id = await create('Live REST');
    expect((await t.app.inject({ method: 'POST', url: '/api/sync/ticket', headers: owner.headers, payload: { projectId: id } })).statusCode).toBe(200);
    expect(await t.app.sync.hasDoc(id)).toBe(true);

    const { revision } = await renameAndAdd(id);
    const handle = await t.app.sync.projectDoc(id);
    expect(handle.doc().layers['layer_a']!.name).toBe('Renamed by REST');
    expect(handle.doc().layers['layer_rest']).toMatchObject({ name: 'Added by REST', x: 42 });

    // A live edit after the REST save: the follower writes the document back, REST change included.
    handle.change((d) => {
      d.layers['layer_b']!.x = 777;
    });
    await t.app.sync.flushRows();
    const data = await rowData(id);
    expect(data.layers.find((l) => l.id === 'layer_a')!.name).toBe('Renamed by REST');
    expect(data.layers.find((l) => l.id === 'layer_rest')!.x).toBe(42);
    expect(data.layers.find((l) => l.id === 'layer_b')!.x).toBe(777);
    const got = await read(id);
    expect(got.revision).toBeGreaterThan(revision);
    expect(got.layers.map((l: { id: string }) => l.id)).toContain('layer_rest');
    expect(got.layers.find((l: { id: string }) => l.id === 'layer_a').name).toBe('Renamed by REST');
  });

  it('layer deletes and scene saves reach the live document too', async () => {
    const id = await create('Live deletes');
    await t.app.sync.issueTicket(id, owner.id, 'read-write');
    const del = await t.app.inject({ method: 'DELETE', url: '/api/layers/delete', headers: owner.headers, payload: { projectId: id, layerId: 'layer_b' } });
    expect(del.statusCode).toBe(200);
    const handle = await t.app.sync.projectDoc(id);
    expect(handle.doc().layers['layer_b']).toBeUndefined();

    const current = await read(id);
    const scenes = [...current.scenes, { id: 'scene_rest', name: 'From REST', layers: [] }];
    const save = await t.app.inject({ method: 'POST', url: '/api/scenes/save', headers: owner.headers, payload: { projectId: id, scenes, timeline: current.timeline } });
    expect(save.statusCode).toBe(200);
    expect(JSON.stringify(handle.doc().scenes)).toContain('scene_rest');

    handle.change((d) => {
      d.layers['layer_a']!.x = 11;
    });
    await t.app.sync.flushRows();
    const data = await rowData(id);
    expect(data.layers.map((l) => l.id)).toEqual(['layer_a']);
    expect(JSON.stringify((await read(id)).scenes)).toContain('scene_rest');
  });

  it('a project without a document gets none from a REST save', async () => {
    const id = await create('No live doc');
    expect(await t.app.sync.hasDoc(id)).toBe(false);
    await renameAndAdd(id);
    expect(await t.app.sync.hasDoc(id)).toBe(false);
    expect((await rowData(id)).layers.find((l) => l.id === 'layer_rest')!.x).toBe(42);
  });
});
