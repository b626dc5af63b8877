import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { PLAN_CATALOGUE } from '../quota/plans';
import { createCommerceTestDb, insertTestUser, readTestUser } from '../../../testing/commerce-db';
import { ApiError } from '../../../errors/api-error';
import { pngBytes, startTestStore } from './test-store';
import { createUploadService, stagingKeyFor, type ProjectRole, type UploadService } from './uploads';

let db: Db;
let closeDb: () => Promise<void>;
let stopStore: () => Promise<void>;
let uploads: UploadService;
let store: Awaited<ReturnType<typeof startTestStore>>['store'];
let presign: Awaited<ReturnType<typeof startTestStore>>['presign'];
let clockOffsetMs = 0;

const roles: Record<string, ProjectRole> = { 'usr_a:proj_a': 'owner', 'usr_b:proj_b': 'owner', 'usr_v:proj_a': 'viewer', 'usr_e:proj_a': 'editor' };

beforeAll(async () => {
  ({ db, close: closeDb } = await createCommerceTestDb());
  for (const id of ['usr_a', 'usr_b', 'usr_v', 'usr_e']) await insertTestUser(db, id);
  ({ store, presign, stop: stopStore } = await startTestStore());
  uploads = createUploadService({
    db,
    store,
    presign,
    projectAccess: async (u, p) => roles[`${u}:${p}`] ?? null,
    now: () => new Date(Date.now() + clockOffsetMs),
  });
});
afterAll(async () => {
  await stopStore();
  await closeDb();
});

const put = (url: string, body: Buffer | string, type: string) => fetch(url, { method: 'PUT', body, headers: { 'Content-Type': type } });
/** Writes straight into the store with the api's key, as a store that checked nothing would let anyone. */
const plant = (key: string, body: Buffer | string, type: string) =>
  store.client.putObject(store.bucket, key, Buffer.from(body), Buffer.byteLength(body), { 'Content-Type': type });
const readBytes = async (key: string) =>
  Buffer.from(await new Response((await store.client.getObject(store.bucket, key)) as unknown as ReadableStream).arrayBuffer());
const read = async (key: string) => (await readBytes(key)).toString('utf8');
const storageBytes = async (id: string) => (await readTestUser(db, id))?.storageBytes;
const exists = (key: string) =>
  store.client.statObject(store.bucket, key).then(
    () => true,
    () => false,
  );
const rejects = async (p: Promise<unknown>, status: number) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).statusCode).toBe(status);
  return err as ApiError;
};

describe('uploads on the embedded store', () => {
  it('creates, uploads, finalises, publishes and deletes with the quota following', async () => {
    const body = pngBytes(1000);
    const created = await uploads.createUploadUrl('usr_a', 'asset', { fileName: 'a.png', fileType: 'image/png', projectId: 'proj_a', fileSize: body.length });
    expect(created.key).toMatch(/^u\/usr_a\/p\/proj_a\/[0-9a-f-]{36}\.png$/);
    expect(await storageBytes('usr_a')).toBe(1000);
    expect((await put(created.uploadUrl, body, 'image/png')).status).toBe(200);
    expect(await uploads.finalise('usr_a', created.key)).toEqual({ key: created.key, size: 1000, contentType: 'image/png' });
    const pub = await uploads.makePublic('usr_a', created.key);
    expect(pub.publicUrl).toBe(created.publicUrl);
    const stat = await store.client.statObject(store.bucket, `public/${created.key}`);
    expect(stat.metaData['content-type']).toBe('image/png');
    expect((await uploads.usage('usr_a')).usedBytes).toBe(1000);
    await uploads.remove('usr_a', created.key);
    expect(await exists(created.key)).toBe(false);
    expect(await exists(`public/${created.key}`)).toBe(false);
    expect(await storageBytes('usr_a')).toBe(0);
  });

  it('settles an undeclared size from the type maximum down to the real size', async () => {
    const created = await uploads.createUploadUrl('usr_a', 'asset', { fileName: 'b.png', fileType: 'image/png', projectId: 'proj_a' });
    expect(await storageBytes('usr_a')).toBe(25 * 1024 * 1024);
    await put(created.uploadUrl, pngBytes(500), 'image/png');
    await uploads.finalise('usr_a', created.key);
    expect(await storageBytes('usr_a')).toBe(500);
    await uploads.remove('usr_a', created.key);
  });

  it('refuses an oversize upload at finalise, removes it and releases the reservation', async () => {
    const created = await uploads.createUploadUrl('usr_a', 'asset', { fileName: 'c.png', fileType: 'image/png', projectId: 'proj_a', fileSize: 100 });
    // The length is signed: the store itself refuses the larger body...
    expect((await put(created.uploadUrl, pngBytes(5000), 'image/png')).status).toBe(403);
    // ...and finalise refuses it where a store let it through.
    await plant(stagingKeyFor(created.key), pngBytes(5000), 'image/png');
    await rejects(uploads.finalise('usr_a', created.key), 413);
    expect(await exists(stagingKeyFor(created.key))).toBe(false);
    expect(await exists(created.key)).toBe(false);
    expect(await storageBytes('usr_a')).toBe(0);
    await rejects(
      uploads.createUploadUrl('usr_a', 'asset', { fileName: 'd.png', fileType: 'image/png', projectId: 'proj_a', fileSize: 26 * 1024 * 1024 }),
      413,
    );
  });

  it('refuses uploads beyond the plan storage quota', async () => {
    const free = PLAN_CATALOGUE.find((p) => p.id === 'free')!;
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        uploads.createUploadUrl('usr_b', 'asset', { fileName: `${i}.mp4`, fileType: 'video/mp4', projectId: 'proj_b', fileSize: free.storageLimitBytes / 4 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect(await storageBytes('usr_b')).toBe(free.storageLimitBytes);
    for (const r of results) if (r.status === 'fulfilled') await uploads.remove('usr_b', r.value.key);
    expect(await storageBytes('usr_b')).toBe(0);
  });

  it('refuses wrong types: at creation, by stored content type and by magic bytes', async () => {
    await rejects(uploads.createUploadUrl('usr_a', 'asset', { fileName: 'x.html', fileType: 'text/html', projectId: 'proj_a', fileSize: 10 }), 415);
    await rejects(uploads.createUploadUrl('usr_a', 'mask', { fileName: 'x.jpg', fileType: 'image/jpeg', projectId: 'proj_a', fileSize: 10 }), 415);
    const byHeader = await uploads.createUploadUrl('usr_a', 'asset', { fileName: 'e.png', fileType: 'image/png', projectId: 'proj_a', fileSize: 100 });
    expect((await put(byHeader.uploadUrl, pngBytes(100), 'text/html')).status).toBe(403);
    await plant(stagingKeyFor(byHeader.key), pngBytes(100), 'text/html');
    await rejects(uploads.finalise('usr_a', byHeader.key), 415);
    const byBytes = await uploads.createUploadUrl('usr_a', 'asset', { fileName: 'f.png', fileType: 'image/png', projectId: 'proj_a', fileSize: 100 });
    await put(byBytes.uploadUrl, Buffer.from('<html><script>alert(1)</script></html>'.padEnd(100, ' ')), 'image/png');
    await rejects(uploads.finalise('usr_a', byBytes.key), 415);
    expect(await exists(byBytes.key)).toBe(false);
    expect(await storageBytes('usr_a')).toBe(0);
  });

  it("refuses other users' keys and other prefixes", async () => {
    const theirs = await uploads.createUploadUrl('usr_b', 'asset', { fileName: 'g.png', fileType: 'image/png', projectId: 'proj_b', fileSize: 100 });
    await put(theirs.uploadUrl, pngBytes(100), 'image/png');
    for (const key of [theirs.key, `u/usr_a/../usr_b/p/proj_b/x.png`, 'public/u/usr_b/x.png', `u/usr_a/p/proj_a/missing.png`]) {
      await rejects(uploads.finalise('usr_a', key), 404);
      await rejects(uploads.makePublic('usr_a', key), 404);
      await rejects(uploads.remove('usr_a', key), 404);
    }
    expect(await exists(stagingKeyFor(theirs.key))).toBe(true);
    await rejects(uploads.createUploadUrl('usr_a', 'asset', { fileName: 'h.png', fileType: 'image/png', projectId: 'proj_b', fileSize: 100 }), 404);
    await rejects(uploads.createUploadUrl('usr_v', 'asset', { fileName: 'h.png', fileType: 'image/png', projectId: 'proj_a', fileSize: 100 }), 403);
    const editor = await uploads.createUploadUrl('usr_e', 'asset', { fileName: 'h.png', fileType: 'image/png', projectId: 'proj_a', fileSize: 100 });
    expect(editor.key.startsWith('u/usr_e/p/proj_a/')).toBe(true);
    await uploads.remove('usr_e', editor.key);
    await uploads.remove('usr_b', theirs.key);
  });

  it('refuses an expired URL and sweeps its reservation', async () => {
    clockOffsetMs = -60 * 60 * 1000;
    const created = await uploads.createUploadUrl('usr_a', 'asset', { fileName: 'i.png', fileType: 'image/png', projectId: 'proj_a', fileSize: 100 });
    clockOffsetMs = 0;
    const res = await put(created.uploadUrl, pngBytes(100), 'image/png');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
    expect(await storageBytes('usr_a')).toBe(100);
    // The abandoned reservation blocks a full-quota upload only until it is swept.
    const free = PLAN_CATALOGUE.find((p) => p.id === 'free')!;
    const full = await uploads.createUploadUrl('usr_a', 'asset', {
      fileName: 'j.mp4',
      fileType: 'video/mp4',
      projectId: 'proj_a',
      fileSize: free.storageLimitBytes,
    });
    expect(await storageBytes('usr_a')).toBe(free.storageLimitBytes);
    await rejects(uploads.finalise('usr_a', created.key), 404);
    await uploads.remove('usr_a', full.key);
    expect(await storageBytes('usr_a')).toBe(0);
  });

  it('sanitises SVG masks at finalise', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><path d="M0 0 L 10 10" fill="black"/></svg>';
    const created = await uploads.createUploadUrl('usr_a', 'mask', { fileName: 'm.svg', fileType: 'image/svg+xml', projectId: 'proj_a', fileSize: svg.length });
    await put(created.uploadUrl, svg, 'image/svg+xml');
    await uploads.makePublic('usr_a', created.key);
    const stored = await new Response((await store.client.getObject(store.bucket, `public/${created.key}`)) as unknown as ReadableStream).text();
    expect(stored).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L 10 10" fill="black"/></svg>');
    expect(await storageBytes('usr_a')).toBe(stored.length);
    await uploads.remove('usr_a', created.key);
  });

  it('refuses control characters and path separators in fileName with 400', async () => {
    for (const fileName of ['a\u0000.png', 'a\n.png', '../a.png', 'dir\\a.png', 'a\u007f.png']) {
      const err = await rejects(uploads.createUploadUrl('usr_a', 'asset', { fileName, fileType: 'image/png', projectId: 'proj_a', fileSize: 100 }), 400);
      expect(err.message).toContain('control characters');
    }
    expect(await storageBytes('usr_a')).toBe(0);
  });
});

describe('a finalised upload cannot be replaced', () => {
  it('leaves the checked object alone when its old upload URL is used again, and publishes the checked bytes', async () => {
    const good = pngBytes(200);
    const created = await uploads.createUploadUrl('usr_a', 'asset', { fileName: 'r.png', fileType: 'image/png', projectId: 'proj_a', fileSize: good.length });
    expect((await put(created.uploadUrl, good, 'image/png')).status).toBe(200);
    await uploads.finalise('usr_a', created.key);
    // The URL is still within its 5 minutes: it can only rewrite the staging object.
    const evil = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(good.length, ' '));
    expect((await put(created.uploadUrl, evil, 'image/png')).status).toBe(200);
    expect((await readBytes(created.key)).equals(good)).toBe(true);
    await uploads.makePublic('usr_a', created.key);
    expect((await readBytes(`public/${created.key}`)).equals(good)).toBe(true);
    await uploads.remove('usr_a', created.key);
    expect(await exists(stagingKeyFor(created.key))).toBe(false);
  });

  it('checks the bytes again at set-public-acl: a replaced PNG is refused, a replaced SVG mask is sanitised', async () => {
    const png = await uploads.createUploadUrl('usr_a', 'asset', { fileName: 's.png', fileType: 'image/png', projectId: 'proj_a', fileSize: 100 });
    await put(png.uploadUrl, pngBytes(100), 'image/png');
    await uploads.finalise('usr_a', png.key);
    await plant(png.key, '<html><script>alert(1)</script></html>', 'image/png');
    await rejects(uploads.makePublic('usr_a', png.key), 415);
    expect(await exists(`public/${png.key}`)).toBe(false);

    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L 1 1"/></svg>';
    const mask = await uploads.createUploadUrl('usr_a', 'mask', { fileName: 'n.svg', fileType: 'image/svg+xml', projectId: 'proj_a', fileSize: svg.length });
    await put(mask.uploadUrl, svg, 'image/svg+xml');
    await uploads.finalise('usr_a', mask.key);
    await plant(mask.key, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><path d="M0 0 L 1 1"/></svg>', 'image/svg+xml');
    await uploads.makePublic('usr_a', mask.key);
    const published = await read(`public/${mask.key}`);
    expect(published).not.toMatch(/script|onload/);
    await plant(mask.key, '<html><body>not svg</body></html>', 'image/svg+xml');
    await uploads.remove('usr_a', mask.key);
    await uploads.remove('usr_a', png.key);
  });
});
