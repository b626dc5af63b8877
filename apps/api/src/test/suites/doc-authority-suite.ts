import type { AddressInfo } from 'node:net';
import { automergeStorage } from '@beamstage/sync/node';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../../db/schema/index';
import { openLiveClient, until, type LiveClient } from '../../testing/live-client';
import { makeUser, sampleProjectBody, type TestUser } from '../../testing/project-fixtures';
import type { TestApp } from '../../testing/test-app';

type Layer = { id: string; name: string; x: number; opacity: number };

/**
 * The project's document as the one authority (design.md section 2), on PGlite (rest-writes.test.ts)
 * and PostgreSQL (postgres.test.ts): REST writes are changes on the document, the row follows it,
 * live edits and REST writes both survive, and publication, membership and deletion reach the room.
 */
export function docAuthoritySuite(setup: () => Promise<TestApp>): void {
  let t: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let stranger: TestUser;
  let port: number;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    t = await setup();
    [owner, editor, stranger] = (await Promise.all(['doc-owner', 'doc-editor', 'doc-stranger'].map((s) => makeUser(t.app, s)))) as [
      TestUser,
      TestUser,
      TestUser,
    ];
    // More projects than the free plan's three.
    await t.app.db.update(users).set({ planId: 'studio' }).where(eq(users.id, owner.id));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await t?.app.sync.flushRows();
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const create = async (name: string): Promise<string> => {
    const res = await call('POST', '/api/projects/create', owner, sampleProjectBody(name));
    expect(res.statusCode).toBe(201);
    return res.json().id;
  };
  const read = async (id: string) => (await call('GET', `/api/projects/${id}`, owner)).json();
  const row = async (id: string) => (await t.app.db.select().from(projects).where(eq(projects.id, id)))[0]!;
  const rowLayer = async (id: string, layerId: string) => ((await row(id)).data as { layers: Layer[] }).layers.find((l) => l.id === layerId);
  const live = async (id: string, user: TestUser | null = owner) => {
    const c = await openLiveClient(t.app, port, id, user?.headers ?? {});
    clients.push(c);
    return c;
  };
  // The server terminates the socket inside the request; the client hears of it a moment later.
  const closedSoon = (c: LiveClient) => until(() => c.closes.length > 0, 'the socket closed', 1000);
  const serverDoc = async (id: string) => (await t.app.sync.projectDoc(id)).doc();

  describe('the document is the one authority', () => {
    it('gives every project its document at create, and the row is derived from it', async () => {
      const id = await create('Born with a document');
      expect(await t.app.sync.hasDoc(id)).toBe(true);
      const doc = await serverDoc(id);
      expect(Object.keys(doc.layers).sort()).toEqual(['layer_a', 'layer_b']);
      expect((await row(id)).revision).toBe(1);
      expect((await read(id)).revision).toBe(1);
    });

    it('a live edit immediately followed by a REST update of another field: both survive in document and row', async () => {
      const id = await create('Live then REST');
      const loaded = await read(id);
      const c = await live(id);
      c.handle.change((d) => {
        d.layers['layer_a']!.x = 777;
      });
      await until(async () => (await serverDoc(id)).layers['layer_a']?.x === 777, 'the live edit on the server');
      // No flush: the REST save lands inside the row write's debounce window.
      const res = await call('POST', '/api/projects/update', owner, { ...loaded, name: 'Renamed by REST' });
      expect(res.statusCode).toBe(200);
      const doc = await serverDoc(id);
      expect(doc.layers['layer_a']!.x).toBe(777);
      expect(doc.metadata.name).toBe('Renamed by REST');
      const r = await row(id);
      expect(r.name).toBe('Renamed by REST');
      expect((await rowLayer(id, 'layer_a'))!.x).toBe(777);
      await until(() => c.handle.doc().metadata.name === 'Renamed by REST', 'the REST change at the live client');
      expect(c.handle.doc().layers['layer_a']!.x).toBe(777);
    });

    it('a stale REST update does not revert a live edit made after its base revision', async () => {
      const id = await create('Stale REST');
      const stale = await read(id);
      const c = await live(id);
      c.handle.change((d) => {
        d.layers['layer_b']!.opacity = 0.25;
        d.canvas.background = '#112233';
      });
      await until(async () => (await serverDoc(id)).layers['layer_b']?.opacity === 0.25, 'the live edit on the server');
      await t.app.sync.flushRows();
      // Computed from the revision before the live edit: layer_b and the canvas as they were then.
      stale.layers[0].x = 5;
      const res = await call('POST', '/api/projects/update', owner, stale);
      expect(res.statusCode).toBe(200);
      const doc = await serverDoc(id);
      expect(doc.layers['layer_b']!.opacity).toBe(0.25);
      expect(doc.canvas.background).toBe('#112233');
      expect(doc.layers['layer_a']!.x).toBe(5);
      const after = await read(id);
      expect(after.layers.find((l: Layer) => l.id === 'layer_b').opacity).toBe(0.25);
      expect(after.canvas.background).toBe('#112233');
      // A stale delete of the live-edited layer is refused.
      const del = await call('DELETE', '/api/layers/delete', owner, { projectId: id, layerId: 'layer_b', revision: stale.revision });
      expect(del.statusCode).toBe(409);
      expect((await serverDoc(id)).layers['layer_b']).toBeDefined();
    });

    it('GET right after a live edit shows it (no flush: the read settles the row first)', async () => {
      const id = await create('Read after live');
      const c = await live(id);
      c.handle.change((d) => {
        d.layers['layer_a']!.name = 'Live name';
      });
      await until(async () => (await serverDoc(id)).layers['layer_a']?.name === 'Live name', 'the live edit on the server');
      const got = await read(id);
      expect(got.layers.find((l: Layer) => l.id === 'layer_a').name).toBe('Live name');
      expect(got.revision).toBe(2);
      expect((await call('GET', `/api/scenes/${id}`, owner)).json().revision).toBe(2);
      // The debounced row write alone brings the row up too (nothing reads it here).
      c.handle.change((d) => {
        d.layers['layer_b']!.name = 'Debounced';
      });
      await until(async () => (await rowLayer(id, 'layer_b'))?.name === 'Debounced', 'the debounced row write');
    });

    it('layer deletes, cleanups and scene saves are changes on the document', async () => {
      const id = await create('Deletes');
      const c = await live(id);
      const del = await call('DELETE', '/api/layers/delete', owner, { projectId: id, layerId: 'layer_b' });
      expect(del.statusCode).toBe(200);
      expect((await serverDoc(id)).layers['layer_b']).toBeUndefined();
      const loaded = (await call('GET', `/api/scenes/${id}`, owner)).json();
      const save = await call('POST', '/api/scenes/save', owner, {
        projectId: id,
        revision: loaded.revision,
        scenes: [...loaded.scenes, { id: 'scene_rest', name: 'From REST', layers: [] }],
        timeline: loaded.timeline,
      });
      expect(save.statusCode).toBe(200);
      expect(Object.keys((await serverDoc(id)).scenes)).toContain('scene_rest');
      const tl = await call('POST', '/api/timeline/cleanup', owner, { projectId: id, validKeyframeIds: [], revision: save.json().revision });
      expect(tl.json().removed.keyframe).toEqual(['kf_1']);
      expect(Object.keys((await serverDoc(id)).timeline.keyframes)).toEqual([]);
      await until(() => c.handle.doc().layers['layer_b'] === undefined && !!c.handle.doc().scenes['scene_rest'], 'the REST writes at the live client');
    });

    it("a REST save that does not reorder keeps the document's order keys", async () => {
      const id = await create('Order keys');
      const before = structuredClone((await serverDoc(id)).layers);
      const loaded = await read(id);
      loaded.layers.push({ ...loaded.layers[0], id: 'layer_c', name: 'Third' });
      expect((await call('POST', '/api/projects/update', owner, loaded)).statusCode).toBe(200);
      const after = (await serverDoc(id)).layers;
      expect(after['layer_a']!.order).toBe(before['layer_a']!.order);
      expect(after['layer_b']!.order).toBe(before['layer_b']!.order);
      expect(after['layer_c']!.order > after['layer_b']!.order).toBe(true);
    });

    it('a project row without a document (made before documents) gets one seeded from its row', async () => {
      const id = await create('Legacy');
      await t.app.sync.removeDoc(id);
      expect(await t.app.sync.hasDoc(id)).toBe(false);
      const loaded = await read(id);
      expect((await call('POST', '/api/projects/update', owner, { ...loaded, name: 'Now live' })).statusCode).toBe(200);
      expect(await t.app.sync.hasDoc(id)).toBe(true);
      expect((await serverDoc(id)).metadata.name).toBe('Now live');
      expect((await row(id)).name).toBe('Now live');
    });
  });

  describe('publication and membership reach the room', () => {
    it('publish and unpublish reach the document; unpublish closes anonymous sockets at once', async () => {
      const id = await create('Published');
      const pub = await call('POST', '/api/projects/publish', owner, { projectId: id, enableRealtime: true });
      expect(pub.statusCode).toBe(200);
      expect((await serverDoc(id)).metadata).toMatchObject({ isPublic: true, syncEnabled: true });
      const anon = await live(id, null);
      const member = await live(id, owner);
      expect(anon.handle.doc().metadata.isPublic).toBe(true);
      expect((await call('POST', '/api/projects/unpublish', owner, { projectId: id })).statusCode).toBe(200);
      // At once: terminated inside the unpublish request, not at the next ticket.
      await closedSoon(anon);
      expect(member.closes).toEqual([]);
      // The live setting stays the project's own: unpublished, nothing public follows it anyway.
      expect((await serverDoc(id)).metadata).toMatchObject({ isPublic: false, syncEnabled: true });
      await until(() => anon.refusals.includes(404), 'the anonymous client refused a new ticket');
      expect((await call('GET', `/api/projects/public?id=${id}`, null)).statusCode).toBe(404);
      expect((await call('POST', '/api/sync/ticket', null, { projectId: id })).statusCode).toBe(404);
      await until(() => member.handle.doc().metadata.isPublic === false, 'unpublish at the member');
      // Published again with the setting the project kept: live again, anonymous projectors follow.
      expect(
        (await call('POST', '/api/projects/publish', owner, { projectId: id, enableRealtime: (await serverDoc(id)).metadata.syncEnabled })).json(),
      ).toMatchObject({ realtime: true });
      expect((await call('POST', '/api/sync/ticket', null, { projectId: id })).json()).toMatchObject({ mode: 'read-only' });
    });

    it('publishing with realtime off closes anonymous and non-member read-only sockets, not members', async () => {
      const id = await create('Realtime off');
      await call('POST', '/api/projects/publish', owner, { projectId: id, enableRealtime: true });
      const anon = await live(id, null);
      const outsider = await live(id, stranger);
      const mine = await live(id, owner);
      expect((await call('POST', '/api/projects/publish', owner, { projectId: id, enableRealtime: false })).statusCode).toBe(200);
      await closedSoon(anon);
      await closedSoon(outsider);
      expect(mine.closes).toEqual([]);
      expect((await serverDoc(id)).metadata).toMatchObject({ isPublic: true, syncEnabled: false });
      expect((await call('GET', `/api/projects/public?id=${id}`, null)).json().metadata).toMatchObject({ isPublic: true, syncEnabled: false });
    });

    it("removing a member closes that member's sockets and no one else's", async () => {
      const id = await create('Members live');
      expect((await call('POST', '/api/projects/members', owner, { projectId: id, email: editor.email, role: 'editor' })).statusCode).toBe(200);
      const theirs = await live(id, editor);
      const mine = await live(id, owner);
      expect((await call('DELETE', '/api/projects/members', owner, { projectId: id, userId: editor.id })).statusCode).toBe(200);
      await closedSoon(theirs);
      expect(mine.closes).toEqual([]);
      await until(() => theirs.refusals.includes(404), 'the removed member refused a new ticket');
    });

    it('an editor made a viewer loses their write socket', async () => {
      const id = await create('Demoted');
      expect((await call('POST', '/api/projects/members', owner, { projectId: id, email: editor.email, role: 'editor' })).statusCode).toBe(200);
      const theirs = await live(id, editor);
      expect((await call('POST', '/api/projects/members', owner, { projectId: id, email: editor.email, role: 'viewer' })).statusCode).toBe(200);
      await closedSoon(theirs);
      // Its next ticket is read-only.
      expect((await call('POST', '/api/sync/ticket', editor, { projectId: id })).json().mode).toBe('read-only');
    });

    it('a viewer made an editor loses their read-only socket, and their next ticket can write', async () => {
      const id = await create('Promoted');
      expect((await call('POST', '/api/projects/members', owner, { projectId: id, email: editor.email, role: 'viewer' })).statusCode).toBe(200);
      const theirs = await live(id, editor);
      const mine = await live(id, owner);
      expect((await call('POST', '/api/projects/members', owner, { projectId: id, email: editor.email, role: 'editor' })).statusCode).toBe(200);
      await closedSoon(theirs);
      expect(mine.closes).toEqual([]);
      expect((await call('POST', '/api/sync/ticket', editor, { projectId: id })).json().mode).toBe('read-write');
    });
  });

  describe('project delete', () => {
    it('removes the document, closes the room and deletes the stored objects with usage adjusted', async () => {
      const id = await create('Doomed');
      expect((await call('POST', '/api/projects/members', owner, { projectId: id, email: editor.email, role: 'editor' })).statusCode).toBe(200);
      const usageBefore = (await call('GET', '/api/storage-usage', owner)).json().usedBytes;
      const editorBefore = (await call('GET', '/api/storage-usage', editor)).json().usedBytes;
      const upload = async (user: TestUser, size: number) => {
        const res = await call('POST', '/api/assets/create-upload-url', user, { fileName: 'x.png', fileType: 'image/png', projectId: id, fileSize: size });
        expect(res.statusCode).toBe(200);
        const body = Buffer.alloc(size, 1);
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(body);
        expect((await fetch(res.json().uploadUrl, { method: 'PUT', body, headers: { 'Content-Type': 'image/png' } })).status).toBe(200);
        return res.json().key as string;
      };
      const ownKey = await upload(owner, 100);
      const editorKey = await upload(editor, 50);
      expect((await call('POST', '/api/assets/set-public-acl', owner, { key: ownKey })).statusCode).toBe(200);
      expect((await call('POST', '/api/assets/finalize', editor, { key: editorKey })).statusCode).toBe(200);
      // A stray under the owner's prefix that no row knows.
      const stray = `u/${owner.id}/p/${id}/stray.bin`;
      await t.app.storage.client.putObject(t.app.storage.bucket, stray, Buffer.from('x'), 1);
      expect((await call('GET', '/api/storage-usage', owner)).json().usedBytes).toBe(usageBefore + 100);

      const c = await live(id, owner);
      const handle = await t.app.sync.projectDoc(id);
      const chunksOf = async () =>
        (
          await t.app.db
            .select({ key: automergeStorage.key })
            .from(automergeStorage)
            .where(like(automergeStorage.key, `${handle.documentId}/%`))
        ).length;
      await until(async () => (await chunksOf()) > 0, 'stored chunks');

      expect((await call('POST', '/api/projects/delete', owner, { id })).statusCode).toBe(200);
      await closedSoon(c);
      expect(await chunksOf()).toBe(0);
      expect(await t.app.sync.hasDoc(id)).toBe(false);
      const exists = async (key: string) =>
        t.app.storage.client.statObject(t.app.storage.bucket, key).then(
          () => true,
          () => false,
        );
      for (const key of [ownKey, `public/${ownKey}`, editorKey, stray]) expect(await exists(key), key).toBe(false);
      expect((await call('GET', '/api/storage-usage', owner)).json().usedBytes).toBe(usageBefore);
      expect((await call('GET', '/api/storage-usage', editor)).json().usedBytes).toBe(editorBefore);
      expect((await call('GET', `/api/projects/${id}`, owner)).statusCode).toBe(404);
      expect((await call('POST', '/api/sync/ticket', owner, { projectId: id })).statusCode).toBe(404);
    });
  });
}
