import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index';
import { buildSandboxServer } from '../sandbox/sandbox-server';
import { makeUser } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '3', PUBLIC_ORIGIN: 'http://localhost:4000' });
});
afterAll(async () => t?.close());

describe('hardening', () => {
  it('rate-limits the public fetch per IP with a JSON 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await t.app.inject({ url: '/api/projects/public?id=proj_1_none', remoteAddress: '10.0.0.9' })).statusCode);
    expect(codes).toEqual([404, 404, 404, 429, 429]);
    const limited = await t.app.inject({ url: '/api/projects/public?id=proj_1_none', remoteAddress: '10.0.0.9' });
    // The body's `error` is the sentence the client shows (was the status phrase 'Too Many Requests').
    expect(limited.json()).toMatchObject({ error: expect.stringMatching(/^Too many requests; try again in \d+ s$/) });
    expect((await t.app.inject({ url: '/api/projects/public?id=proj_1_none', remoteAddress: '10.0.0.10' })).statusCode).toBe(404);
  });

  it('refuses bodies over the limit with 413', async () => {
    const user = await makeUser(t.app, 'big');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects/members',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('A request body may be at most 256 KB');
  });

  it('allows CORS for the app origin only', async () => {
    const pre = (origin: string) => t.app.inject({ method: 'OPTIONS', url: '/api/projects/list', headers: { origin, 'access-control-request-method': 'GET' } });
    expect((await pre('http://localhost:4000')).headers['access-control-allow-origin']).toBe('http://localhost:4000');
    expect((await pre(t.config.sandboxOrigin)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await pre('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends security headers and no stack traces', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const bad = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['error', 'message']);
    expect(bad.body).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });
});

describe('sandbox origin', () => {
  it('serves only the runner page, framable by the app origin alone', async () => {
    const config = loadConfig({ PORT: '4000', DATA_DIR: '/tmp/unused' });
    const sandbox = buildSandboxServer(config);
    const res = await sandbox.inject('/runner.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors http://localhost:4000');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('<meta name="beamstage-parent" content="http://localhost:4000">');
    expect((await sandbox.inject('/runner.html?parent=https://evil.example')).statusCode).toBe(403);
    expect((await sandbox.inject('/api/health')).statusCode).toBe(404);
    await sandbox.close();
  });
});
