import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicCorsPath } from '../static/public-cors';
import { createTestApp, type TestApp } from '../testing/test-app';

// The embeddable player (apps/player) from a site that is not ours: /embed/* and exactly the api
// paths it calls answer any origin without credentials; everything else stays app-origin only.
const appsRoot = mkdtempSync(join(tmpdir(), 'beamstage-embed-'));
mkdirSync(join(appsRoot, 'apps', 'player', 'dist', 'assets'), { recursive: true });
writeFileSync(join(appsRoot, 'apps', 'player', 'dist', 'player.js'), 'customElements.define("beamstage-player", class extends HTMLElement {});');
writeFileSync(join(appsRoot, 'apps', 'player', 'dist', 'assets', 'live-abc123.js'), 'export const live = 1;');

const GALLERY = 'https://gallery.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APPS_ROOT: appsRoot, PUBLIC_ORIGIN: 'http://localhost:4000' });
});
afterAll(async () => {
  await t?.close();
  rmSync(appsRoot, { recursive: true, force: true });
});

describe('/embed/player.js', () => {
  it('serves the player script to any site, revalidated, and its hashed chunks as immutable', async () => {
    const script = await t.app.inject({ url: '/embed/player.js', headers: { origin: GALLERY } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['access-control-allow-credentials']).toBeUndefined();
    expect(script.headers['cache-control']).toBe('no-cache');
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const chunk = await t.app.inject({ url: '/embed/assets/live-abc123.js', headers: { origin: GALLERY } });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toContain('immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect((await t.app.inject('/embed/nothing.js')).statusCode).toBe(404);
  });
});

describe('CORS for the player', () => {
  it('answers any origin on the public project route and the anonymous ticket, without the authorization header', async () => {
    const publicGet = await t.app.inject({ url: '/api/projects/public?id=proj_1_none', headers: { origin: GALLERY } });
    expect(publicGet.statusCode).toBe(404);
    expect(publicGet.headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/sync/ticket',
      headers: { origin: GALLERY, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toBe('content-type');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const ticket = await t.app.inject({ method: 'POST', url: '/api/sync/ticket', headers: { origin: GALLERY }, payload: { projectId: 'proj_1_none' } });
    expect(ticket.statusCode).toBe(404);
    expect(ticket.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers any origin on the runtime config, so the player learns the sandbox origin', async () => {
    const config = await t.app.inject({ url: '/api/config', headers: { origin: GALLERY } });
    expect(config.statusCode).toBe(200);
    expect(config.headers['access-control-allow-origin']).toBe('*');
    expect(config.headers['access-control-allow-credentials']).toBeUndefined();
    expect(typeof config.json().sandboxOrigin).toBe('string');
  });

  it('keeps every other api path to the app origin', async () => {
    const pre = (url: string, method = 'GET') =>
      t.app.inject({ method: 'OPTIONS', url, headers: { origin: GALLERY, 'access-control-request-method': method } });
    expect((await pre('/api/projects/list')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await pre('/api/projects/update', 'POST')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await pre('/api/projects/abc')).headers['access-control-allow-origin']).toBeUndefined();
    const own = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/projects/list',
      headers: { origin: 'http://localhost:4000', 'access-control-request-method': 'GET' },
    });
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:4000');
  });

  it('names exactly the player paths as public', () => {
    expect(isPublicCorsPath('GET', '/api/projects/public?id=x&_t=1')).toBe(true);
    expect(isPublicCorsPath('POST', '/api/sync/ticket')).toBe(true);
    expect(isPublicCorsPath('GET', '/embed/player.js')).toBe(true);
    expect(isPublicCorsPath('GET', '/api/assets/public/u/1/p/2/a.png')).toBe(true);
    expect(isPublicCorsPath('GET', '/app/editor/samples/beamstage-sample.png')).toBe(true);
    expect(isPublicCorsPath('GET', '/api/config')).toBe(true);
    expect(isPublicCorsPath('POST', '/api/config')).toBe(false);
    expect(isPublicCorsPath('GET', '/api/configs')).toBe(false);
    expect(isPublicCorsPath('POST', '/api/projects/public')).toBe(false);
    expect(isPublicCorsPath('GET', '/api/sync/ticket')).toBe(false);
    expect(isPublicCorsPath('GET', '/api/projects/publicity')).toBe(false);
    expect(isPublicCorsPath('GET', '/app/editor/assets/index.js')).toBe(false);
    expect(isPublicCorsPath('POST', '/api/projects/publish')).toBe(false);
  });
});
