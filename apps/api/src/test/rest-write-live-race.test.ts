import { createLayer, type LayerId, type ProjectDoc } from '@beamstage/layers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, sampleProjectBody, type TestUser } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// A REST write (publish, a metadata change) is computed from the document as it was when the
// write began; a live edit can land while it is computed (a busy server took seconds: a layer
// added just before Publish vanished). The write applies only what it changed, never deleting
// what it did not see.
describe('a REST write racing a live edit', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeUser(t.app, 'race-owner');
  });
  afterAll(async () => t?.close());

  it('keeps a layer added and a field changed live while the write was computed', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: sampleProjectBody('Race') });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const doc = await t.app.sync.projectDoc(id);
    const firstLayer = Object.keys(doc.doc().layers)[0]!;

    await t.app.sync.write(id, async (stored) => {
      // The live edits arrive in the middle of the write.
      doc.change((d: ProjectDoc) => {
        d.layers['live_layer'] = { ...createLayer('image', { id: 'live_layer' as LayerId }), order: 'zz' } as never;
        d.layers[firstLayer]!.x = 123;
      });
      await new Promise((r) => setTimeout(r, 10));
      return { ...stored.data, metadata: { ...stored.data.metadata, isPublic: true } };
    });

    const after = doc.doc();
    expect(after.metadata.isPublic).toBe(true);
    expect(Object.keys(after.layers)).toContain('live_layer');
    expect(after.layers[firstLayer]!.x).toBe(123);
    // ...and the row written from the document has them too.
    await t.app.sync.flushRows();
    const got = await t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers });
    const layers = got.json().layers as { id: string; x: number }[];
    expect(layers.map((l) => l.id)).toContain('live_layer');
    expect(layers.find((l) => l.id === firstLayer)?.x).toBe(123);
  });

  it('still deletes what the write itself removed', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: sampleProjectBody('Race 2') });
    const id = created.json().id as string;
    const doc = await t.app.sync.projectDoc(id);
    const [gone, kept] = Object.keys(doc.doc().layers);
    await t.app.sync.write(id, (stored) => ({ ...stored.data, layers: stored.data.layers.filter((l) => l.id !== gone) }));
    expect(Object.keys(doc.doc().layers)).toEqual([kept]);
  });
});
