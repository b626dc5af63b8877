// GIF search on the full app against the local fake GIPHY: authenticated, the key only on the
// server, results rebuilt from known fields, 503 without a key, rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGiphy, type FakeGiphy } from '../../../../../../tools/testing/fake-giphy';
import { createTestApp, signTestToken, type TestApp } from '../../../testing/test-app';
import { GIF_SEARCHES_PER_MINUTE } from './index';

let t: TestApp;
let off: TestApp;
let giphy: FakeGiphy;
let token: string;

beforeAll(async () => {
  giphy = await startFakeGiphy('secret-giphy-key');
  [t, off] = await Promise.all([createTestApp({ GIPHY_API_KEY: giphy.apiKey, GIPHY_BASE_URL: giphy.baseUrl }), createTestApp()]);
  token = await signTestToken(t.app, { sub: 'sub-gif-user' });
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.close(), off?.close(), giphy?.close()]);
});

const search = (app: TestApp, q: string, auth: string | null = token) =>
  app.app.inject({ method: 'GET', url: `/api/gifs/search?q=${encodeURIComponent(q)}`, headers: auth ? { authorization: `Bearer ${auth}` } : {} });

describe('GET /api/gifs/search', () => {
  it('proxies the provider with the server key and answers only known fields', async () => {
    const res = await search(t, 'cats & dogs');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.attribution).toBe('Powered by GIPHY');
    expect(body.results).toHaveLength(3);
    expect(body.results[0]).toEqual({
      id: 'gif0-cats%20%26%20dogs',
      title: 'cats & dogs 0',
      url: 'https://media.giphy.example/0/cats%20%26%20dogs.gif',
      previewUrl: 'https://media.giphy.example/0/cats%20%26%20dogs-200.gif',
      width: 480,
      height: 270,
    });
    // The provider saw the key and the query; the browser's answer never contains the key.
    expect(giphy.requests.at(-1)?.query).toMatchObject({ api_key: 'secret-giphy-key', q: 'cats & dogs' });
    expect(res.body).not.toContain('secret-giphy-key');
  });

  it('drops non-https and malformed entries from a hostile answer', async () => {
    giphy.mode = 'hostile';
    try {
      const res = await search(t, 'odd');
      expect(res.statusCode).toBe(200);
      const urls = res.json().results.map((r: { url: string }) => r.url);
      expect(urls.every((u: string) => u.startsWith('https://'))).toBe(true);
      expect(urls).not.toContain('javascript:alert(1)');
      expect(res.json().results.find((r: { id: string }) => r.id === '__proto__')?.title).toBe('');
    } finally {
      giphy.mode = 'ok';
    }
  });

  it('answers 502 with a message when the provider fails or answers garbage', async () => {
    for (const mode of ['error', 'garbage'] as const) {
      giphy.mode = mode;
      const res = await search(t, 'x');
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe('GIF search failed');
    }
    giphy.mode = 'ok';
  });

  it('needs a signed-in user and a query', async () => {
    const before = giphy.requests.length;
    expect((await search(t, 'x', null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/gifs/search', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(400);
    expect((await search(t, 'x'.repeat(101))).statusCode).toBe(400);
    expect(giphy.requests.length).toBe(before);
  });

  it('without GIPHY_API_KEY answers 503 "GIF search is not configured"', async () => {
    const offToken = await signTestToken(off.app, { sub: 'sub-gif-off' });
    const res = await search(off, 'cats', offToken);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('GIF search is not configured');
    expect((await off.app.inject('/api/config')).json().gifSearchEnabled).toBe(false);
    expect((await t.app.inject('/api/config')).json().gifSearchEnabled).toBe(true);
  });

  it(`limits one user to ${GIF_SEARCHES_PER_MINUTE} searches a minute`, async () => {
    const other = await signTestToken(t.app, { sub: 'sub-gif-busy' });
    const statuses: number[] = [];
    for (let i = 0; i < GIF_SEARCHES_PER_MINUTE + 2; i++) statuses.push((await search(t, `q${i}`, other)).statusCode);
    expect(statuses.slice(0, GIF_SEARCHES_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another user is not affected.
    expect((await search(t, 'still fine')).statusCode).toBe(200);
  });
});
