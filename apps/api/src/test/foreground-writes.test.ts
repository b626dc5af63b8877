import type { ProjectJson } from '@beamstage/layers';
import { seededRandomBytes } from '@beamstage/layers/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, sampleProjectBody, type TestUser } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// Requests first (projects/foreground.ts): a heavy write's steps wait while a light request is
// served. Through the real app, no request may ever wait for itself or for the write it waits
// on: each such wait would end only at FOREGROUND_MAX_WAIT_MS (counted by gaveUp), and a large
// write would crawl (seen with the request's context lost: a 100-layer update took 3.3 s, not 70 ms).
const layers = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ ...sampleProjectBody().layers[0]!, id: `${prefix}${i}`, name: `${prefix} ${i}` }));

describe('requests first, through the app', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeUser(t.app, 'foreground-owner');
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: owner.headers, payload });

  it('a large create, a small body that deletes most of it, and a copy: none waits for itself', async () => {
    const created = await post('/api/projects/create', { ...sampleProjectBody('Big'), layers: layers('b', 150) });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    // A small body (light by its size) that rewrites a large project: heavy once it sees that.
    const kept = layers('b', 150).slice(0, 3);
    expect((await post('/api/projects/update', { ...sampleProjectBody('Big'), id, layers: kept })).statusCode).toBe(200);
    const got = (await t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers })).json() as ProjectJson;
    expect(got.layers.map((l) => l.id)).toEqual(['b0', 'b1', 'b2']);
    // And back to large, then copied.
    expect((await post('/api/projects/update', { ...sampleProjectBody('Big'), id, layers: layers('c', 120) })).statusCode).toBe(200);
    expect((await post('/api/projects/duplicate', { id })).statusCode).toBe(201);
    expect(t.app.foreground.gaveUp()).toBe(0);
    expect(t.app.foreground.running()).toBe(0);
  });

  it('a read of the project being written waits for the write without holding it up', async () => {
    const id = (await post('/api/projects/create', { ...sampleProjectBody('Read during'), layers: layers('r', 120) })).json().id as string;
    const handle = await t.app.sync.projectDoc(id);
    const started = new Promise((resolve) => handle.once('change', resolve));
    const writing = post('/api/projects/update', { ...sampleProjectBody('Read during'), id, layers: layers('s', 130) });
    // Read once the write has begun changing the document, so the read is queued behind it.
    await started;
    const read = t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers });
    const [w, r] = await Promise.all([writing, read]);
    expect(w.statusCode).toBe(200);
    // The read waited for the write (settle), and sees it.
    expect((r.json() as ProjectJson).layers[0]!.id).toBe('s0');
    expect(t.app.foreground.gaveUp()).toBe(0);
  });

  it("a light write's save never waits for other light requests, however much its document has in storage", async () => {
    // A small project whose document holds 256 KB+ in storage (a 300 KB image once, then removed;
    // random, so Automerge's compression keeps it that large): the size at which automerge-repo's
    // saves and a heavy write's step aside for requests.
    const other = await makeUser(t.app, 'foreground-stored');
    const image = {
      ...sampleProjectBody().layers[0]!,
      id: 'img',
      content: { src: `data:image/png;base64,${Buffer.from(seededRandomBytes(7)(225 * 1024)).toString('base64')}` },
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects/create',
      headers: other.headers,
      payload: { ...sampleProjectBody('Stored'), layers: [image] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const write = (x: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/projects/update',
        headers: other.headers,
        payload: { ...sampleProjectBody('Stored'), id, layers: [{ ...image, content: {}, x }] },
      });
    expect((await write(1)).statusCode).toBe(200);
    const gaveUp = t.app.foreground.gaveUp();
    // Another user's request is being served meanwhile (counted until it ends).
    const served = t.app.foreground.begin();
    const t0 = performance.now();
    const saved = await write(2);
    const took = performance.now() - t0;
    served();
    expect(saved.statusCode).toBe(200);
    // Before, its save waited until the other request ended or FOREGROUND_MAX_WAIT_MS passed.
    expect(t.app.foreground.gaveUp(), `the write took ${took.toFixed(0)} ms`).toBe(gaveUp);
    expect((await t.app.inject({ url: `/api/projects/${id}`, headers: other.headers })).json().layers[0].x).toBe(2);
  });

  it('a heavy body waits for light requests from its first step, even to a small project', async () => {
    // Another owner: this one is at its plan's project limit by now.
    const other = await makeUser(t.app, 'foreground-heavy');
    const created = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: other.headers, payload: sampleProjectBody('Small') });
    const id = created.json().id as string;
    const changeRan = async (heavyBody: boolean) => {
      const served = t.app.foreground.begin();
      let ran = false;
      const writing = t.app.sync.write(
        id,
        (stored) => {
          ran = true;
          return stored.data;
        },
        undefined,
        { heavyBody },
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      const before = ran;
      served();
      await writing;
      return before;
    };
    // A light write goes ahead at once; a heavy body's write waits until the request is answered.
    expect(await changeRan(false)).toBe(true);
    expect(await changeRan(true)).toBe(false);
    expect(t.app.foreground.gaveUp()).toBe(0);
  });
});
