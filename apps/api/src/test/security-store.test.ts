// Security suite, object store and uploads (design.md rule 12): every attempt through the whole app on its embedded store, which must
// answer as S3/MinIO would. Each prints `held: <attempt>`; any that gets through fails.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { held } from '../testing/held';
import { makeUser, sampleProjectBody, type TestUser } from '../testing/project-fixtures';
import { storeContractAttempts, type ContractTarget } from '../testing/store-contract';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let aliceProject: string;
let bobProject: string;
let aliceKey: string;
const target = {} as ContractTarget;
const contract = storeContractAttempts(target, 'security');

const png = (size: number, fill = 1) => {
  const b = Buffer.alloc(size, fill);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
};
const put = (url: string, body: Buffer | string, type: string) => fetch(url, { method: 'PUT', body, headers: { 'content-type': type } });
const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const createUpload = async (user: TestUser, area: 'assets' | 'masks', body: object) => {
  const res = await post(user, `/api/${area}/create-upload-url`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { uploadUrl: string; key: string; publicUrl: string };
};
const readStored = async (key: string) =>
  Buffer.from(await new Response((await t.app.storage.client.getObject(t.app.storage.bucket, key)) as unknown as ReadableStream).arrayBuffer());

beforeAll(async () => {
  t = await createTestApp();
  alice = await makeUser(t.app, 'sec_alice');
  bob = await makeUser(t.app, 'sec_bob');
  aliceProject = (await post(alice, '/api/projects/create', sampleProjectBody('Alice'))).json().id;
  bobProject = (await post(bob, '/api/projects/create', sampleProjectBody('Bob'))).json().id;
  const up = await createUpload(alice, 'assets', { fileName: 'a.png', fileType: 'image/png', projectId: aliceProject, fileSize: 256 });
  expect((await put(up.uploadUrl, png(256, 7), 'image/png')).status).toBe(200);
  expect((await post(alice, '/api/assets/set-public-acl', { key: up.key })).statusCode).toBe(200);
  aliceKey = up.key;
  const { s3 } = t.config;
  Object.assign(target, {
    endpoint: t.app.storage.endpoint,
    bucket: t.app.storage.bucket,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
    client: t.app.storage.client,
  });
  await contract.setup();
});
afterAll(async () => t?.close());

describe('security: the embedded object store checks every request', () => {
  for (const a of contract.attempts) held(a.name, a.run);

  held("store: another user's upload URL with its path changed to alice's file does not overwrite it", async () => {
    const theirs = await createUpload(bob, 'assets', { fileName: 'b.png', fileType: 'image/png', projectId: bobProject, fileSize: 256 });
    for (const key of [aliceKey, `public/${aliceKey}`]) {
      const forged = new URL(theirs.uploadUrl);
      forged.pathname = `/${t.app.storage.bucket}/${key}`;
      const res = await put(forged.toString(), png(256, 9), 'image/png');
      expect(res.status).toBe(403);
      expect((await readStored(key)).equals(png(256, 7))).toBe(true);
    }
  });

  held('store: listing the bucket for user and project ids gives nothing, signed URL or not', async () => {
    const theirs = await createUpload(bob, 'assets', { fileName: 'c.png', fileType: 'image/png', projectId: bobProject, fileSize: 16 });
    const listing = new URL(theirs.uploadUrl);
    listing.pathname = `/${t.app.storage.bucket}`;
    listing.searchParams.set('list-type', '2');
    for (const url of [`${t.app.storage.endpoint}/${t.app.storage.bucket}?prefix=u/`, `${t.app.storage.endpoint}/`, listing.toString()]) {
      const res = await fetch(url);
      expect(res.status).toBe(403);
      const text = await res.text();
      expect(text).not.toContain(alice.id);
      expect(text).not.toContain(aliceProject);
    }
  });

  held('store: published files are still served to anyone from /api/assets/public (projector media)', async () => {
    const url = new URL(`/api/assets/public/${aliceKey}`, t.config.publicOrigin);
    const res = await t.app.inject(url.pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(png(256, 7))).toBe(true);
  });
});

describe('security: a checked upload cannot be replaced', () => {
  held('uploads: a finalised SVG mask replaced through its old upload URL, then published, stays the checked file', async () => {
    const clean = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0 L 10 10" fill="black"/></svg>';
    const evil = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><path d="M0 0 L 10 10"/></svg>';
    const padded = evil.length <= clean.length ? evil.padEnd(clean.length) : evil;
    const mask = await createUpload(alice, 'masks', { fileName: 'm.svg', fileType: 'image/svg+xml', projectId: aliceProject, fileSize: padded.length });
    // The evil body fits the signed length: same size as the clean one.
    const first = clean.padEnd(padded.length);
    expect((await put(mask.uploadUrl, first, 'image/svg+xml')).status).toBe(200);
    expect((await post(alice, '/api/masks/finalize', { key: mask.key })).statusCode).toBe(200);
    // The URL is still within its 5 minutes: the store takes the bytes, but they land on a key nothing reads.
    expect((await put(mask.uploadUrl, padded, 'image/svg+xml')).status).toBe(200);
    const published = await post(alice, '/api/masks/set-public-acl', { key: mask.key });
    expect(published.statusCode).toBe(200);
    const served = await t.app.inject(new URL(published.json().publicUrl).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.body).not.toMatch(/script|onload|cookie/);
    expect(served.headers['content-type']).toBe('image/svg+xml');
  });

  held('uploads: a finalised PNG replaced in the store by other bytes is refused at set-public-acl', async () => {
    const up = await createUpload(alice, 'assets', { fileName: 'p.png', fileType: 'image/png', projectId: aliceProject, fileSize: 64 });
    expect((await put(up.uploadUrl, png(64), 'image/png')).status).toBe(200);
    expect((await post(alice, '/api/assets/finalize', { key: up.key })).statusCode).toBe(200);
    const html = '<html><script>alert(1)</script></html>';
    await t.app.storage.client.putObject(t.app.storage.bucket, up.key, Buffer.from(html), html.length, { 'Content-Type': 'image/png' });
    const res = await post(alice, '/api/assets/set-public-acl', { key: up.key });
    expect(res.statusCode).toBe(415);
    expect((await t.app.inject(new URL(up.publicUrl).pathname)).statusCode).toBe(404);
  });
});

describe('security: file names', () => {
  held('uploads: a NUL, a control character or a path separator in fileName answers 400 with a clear message', async () => {
    for (const fileName of ['a\u0000.png', 'a\r\nb.png', '../../etc/passwd.png', 'C:\\x.png']) {
      const res = await post(alice, '/api/assets/create-upload-url', { fileName, fileType: 'image/png', projectId: aliceProject, fileSize: 10 });
      expect(res.statusCode, JSON.stringify(fileName)).toBe(400);
      expect(res.json()).toEqual({
        error: 'Invalid file name',
        message: 'fileName must not contain control characters (such as NUL) or path separators (/ or \\)',
      });
    }
  });
});
