import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signTestToken, unsignedToken, type TestApp } from '../testing/test-app';

// Fake built SPAs: site and editor exist, projector is missing (503 page).
const appsRoot = mkdtempSync(join(tmpdir(), 'beamstage-apps-'));
for (const name of ['site', 'editor']) {
  mkdirSync(join(appsRoot, 'apps', name, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(appsRoot, 'apps', name, 'dist', 'index.html'), `<!doctype html><title>${name}-index</title>`);
  writeFileSync(join(appsRoot, 'apps', name, 'dist', 'assets', 'main-abc123.js'), `console.log('${name}')`);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APPS_ROOT: appsRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(appsRoot, { recursive: true, force: true });
});

describe('health and config', () => {
  it('reports every part green', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(Object.keys(body.parts).sort()).toEqual(['auth', 'db', 'storage', 'sync', 'workers']);
    expect(body.parts.db.ok).toBe(true);
    expect(body.parts.db.detail).toMatch(/^PGlite; start-up check passed: \d+ tables read in full in \d+ ms before migrations$/);
    expect(body.parts.storage.ok).toBe(true);
    expect(body.parts.auth.ok).toBe(true);
    if (t.app.hasDecorator('sync')) expect(body.parts.sync).toEqual({ ok: true, detail: `sync server ${t.app.sync.server.repo.peerId}, 0 open sockets` });
    else expect(body.parts.sync).toEqual({ ok: true, detail: 'not started' });
    expect(body.parts.workers).toEqual({ ok: true, detail: 'document workers not started (they start with the server or on the first large write)' });
  });

  it('serves the public runtime config', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.json()).toEqual({
      auth: { domain: t.config.auth.domain, clientId: 'beamstage-editor', audience: t.config.auth.audience },
      sandboxOrigin: t.config.sandboxOrigin,
      billingEnabled: false,
      aiEnabled: false,
      gifSearchEnabled: false,
    });
  });

  it('tells the time, never cached (clients estimate their clock offset from it)', async () => {
    const before = Date.now();
    const res = await t.app.inject('/api/time');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { now } = res.json() as { now: number };
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('creates the bucket in the embedded store', async () => {
    expect(await t.app.storage.client.bucketExists(t.app.storage.bucket)).toBe(true);
  });
});

describe('static routing table', () => {
  const table: [string, string, number][] = [
    ['/', 'site-index', 200],
    ['/pricing', 'site-index', 200],
    ['/privacy-policy', 'site-index', 200],
    ['/terms-of-service', 'site-index', 200],
    ['/documentation', 'site-index', 200],
    ['/documentation/tutorials/overview', 'site-index', 200],
    ['/dashboard', 'editor-index', 200],
    ['/editor/proj_1', 'editor-index', 200],
    ['/sign-in?redirect_url=%2Fdashboard', 'editor-index', 200],
    ['/sign-up', 'editor-index', 200],
    ['/auth', 'editor-index', 200],
    ['/sso-callback', 'editor-index', 200],
    ['/no-such-page', 'site-index', 404],
    ['/pricing/extra', 'site-index', 404],
  ];
  it.each(table)('GET %s -> %s (%i)', async (url, marker, status) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(marker);
  });

  it('answers 503 with a clear page when an app is not built', async () => {
    const res = await t.app.inject('/projector/proj_1/usr_2');
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('The projector app is not built');
    expect((await t.app.inject('/app/projector/assets/x.js')).statusCode).toBe(503);
  });

  it('serves hashed assets immutable under /app/<app>/', async () => {
    const res = await t.app.inject('/app/editor/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("console.log('editor')");
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/app/editor/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it('redirects /docs and /docs/* to /documentation (301)', async () => {
    const a = await t.app.inject('/docs');
    expect(a.statusCode).toBe(301);
    expect(a.headers.location).toBe('/documentation');
    const b = await t.app.inject('/docs/tutorials/overview?x=1');
    expect(b.statusCode).toBe(301);
    expect(b.headers.location).toBe('/documentation/tutorials/overview?x=1');
  });

  it('answers unknown api paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'GET /api/nope does not exist', message: 'GET /api/nope does not exist' });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/health/');
  });
});

describe('app.authenticate', () => {
  it('creates the user row on the first call and reuses it', async () => {
    const token = await signTestToken(t.app, { sub: 'acc_first', email: 'First@Example.test', name: 'First' });
    const a = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ email: 'first@example.test', name: 'First', planId: 'free' });
    expect(a.json().id).toMatch(/^usr_/);
    const b = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(b.json().id).toBe(a.json().id);
  });

  it.each([
    ['no token', async () => undefined],
    ['garbage', async () => 'Bearer nope'],
    ['expired', async () => `Bearer ${await signTestToken(t.app, { sub: 'x', expiresIn: -120 })}`],
    ['wrong audience', async () => `Bearer ${await signTestToken(t.app, { sub: 'x', audience: 'https://other.example' })}`],
    ['wrong issuer', async () => `Bearer ${await signTestToken(t.app, { sub: 'x', issuer: 'https://evil.example/' })}`],
    ['alg none', async () => `Bearer ${unsignedToken(t.app, 'x')}`],
  ])('refuses %s with 401 and an error body', async (_name, header) => {
    const authorization = await header();
    const res = await t.app.inject({ url: '/api/me', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    // `error` is the reason a client shows (was the status phrase 'Unauthorized').
    expect(res.json().error).toMatch(/^(A bearer token is required|The token has expired|The token is not valid for this api)$/);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('degraded parts (last: stops the object store of this file)', () => {
  it('reports degraded when the store is down', async () => {
    await t.app.storage.close();
    const res = await t.app.inject('/api/health');
    expect(res.json().status).toBe('degraded');
    expect(res.json().parts.storage.ok).toBe(false);
    expect(res.json().parts.db.ok).toBe(true);
  });
});
