// Security suite, limits and tokens (design.md rules 10 and 13): the two
// walks round the rate limits (X-Forwarded-For rotation with an https PUBLIC_ORIGIN, a random
// bearer per request), the same behind a trusted proxy, and the weak token and page points.
// Each attempt prints `held: <attempt>`; any that gets through fails.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { held } from '../testing/held';
import { makeUser, type TestUser } from '../testing/project-fixtures';
import { createTestApp, signTestToken, unsignedToken, type TestApp } from '../testing/test-app';

const GLOBAL_LIMIT = 20;
const SIGN_IN_LIMIT = 30;
const randomAddress = () => `${1 + (randomBytes(1)[0]! % 220)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

/** One directive's sources from a CSP header. */
const directive = (csp: string, name: string) =>
  csp
    .split(/;\s*/)
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

/** How many of `n` calls were not answered 429. */
async function passed(n: number, call: (i: number) => Promise<{ statusCode: number }>): Promise<number> {
  let through = 0;
  for (let i = 0; i < n; i++) if ((await call(i)).statusCode !== 429) through++;
  return through;
}

describe('security: rate limits cannot be walked round (no TRUST_PROXY, https PUBLIC_ORIGIN)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: 'https://studio.example', RATE_LIMIT_PER_MINUTE: String(GLOBAL_LIMIT) });
    user = await makeUser(t.app, 'limits_user');
  });
  afterAll(async () => t?.close());

  held(`limits: 40 sign-in posts from one address rotating X-Forwarded-For pass at most ${SIGN_IN_LIMIT}`, async () => {
    const through = await passed(40, () =>
      t.app.inject({
        method: 'POST',
        url: '/idp/interaction/abc/login',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': randomAddress(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.c&password=guess',
      }),
    );
    expect(through).toBe(SIGN_IN_LIMIT);
  });

  held(`limits: 40 api calls from one address rotating X-Forwarded-For pass at most ${GLOBAL_LIMIT}`, async () => {
    const through = await passed(40, () =>
      t.app.inject({ url: '/api/projects/list', remoteAddress: '203.0.113.6', headers: { 'x-forwarded-for': randomAddress() } }),
    );
    expect(through).toBe(GLOBAL_LIMIT);
  });

  held(`limits: 40 api calls with a random bearer each pass at most ${GLOBAL_LIMIT}`, async () => {
    const through = await passed(40, () =>
      t.app.inject({ url: '/api/projects/list', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${randomBytes(24).toString('base64url')}` } }),
    );
    expect(through).toBe(GLOBAL_LIMIT);
    // Forged JWT-shaped bearers count against the address too.
    const forged = await t.app.inject({
      url: '/api/projects/list',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${unsignedToken(t.app, 'limits_user')}` },
    });
    expect(forged.statusCode).toBe(429);
  });

  held('limits: a verified user is counted as that user: own bucket on a spent address, one bucket across addresses', async () => {
    // The address 203.0.113.7 is spent (above); the signed-in user is not.
    expect((await t.app.inject({ url: '/api/projects/list', remoteAddress: '203.0.113.7', headers: user.headers })).statusCode).toBe(200);
    // Rotating addresses does not give the user more than their bucket (makeUser and the call above used 2).
    const through = await passed(GLOBAL_LIMIT + 5, () => t.app.inject({ url: '/api/projects/list', remoteAddress: randomAddress(), headers: user.headers }));
    expect(through).toBe(GLOBAL_LIMIT - 2);
  });

  held('tokens: a signed token without exp is refused', async () => {
    const token = await signTestToken(t.app, { sub: 'limits_noexp', expiresIn: null });
    const res = await t.app.inject({ url: '/api/me', remoteAddress: '198.51.100.40', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The token is not valid for this api');
  });

  held('tokens: expired and alg=none tokens are refused', async () => {
    for (const token of [await signTestToken(t.app, { sub: 'limits_old', expiresIn: -60 }), unsignedToken(t.app, 'limits_user')]) {
      expect((await t.app.inject({ url: '/api/me', remoteAddress: '198.51.100.41', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    }
  });

  held('pages: /api/docs sends a CSP with no inline script that cannot be framed', async () => {
    const res = await t.app.inject({ url: '/api/docs', remoteAddress: '198.51.100.42' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
  });

  held('pages: the /idp pages send a CSP (provider answers, interaction pages, logout redirect)', async () => {
    for (const url of ['/idp/authorize', '/idp/interaction/nope', '/idp/.well-known/openid-configuration', '/idp/v2/logout']) {
      const res = await t.app.inject({ url, remoteAddress: '198.51.100.43' });
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(directive(csp, 'default-src'), url).toEqual(["'none'"]);
      // Only scripts by hash: the sign-out page's own and those the provider writes.
      expect(directive(csp, 'script-src').length, url).toBeGreaterThan(0);
      for (const source of directive(csp, 'script-src')) expect(source, url).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    }
  });
});

describe('security: behind a trusted proxy (TRUST_PROXY=10.0.0.2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: 'https://studio.example', TRUST_PROXY: '10.0.0.2' });
  });
  afterAll(async () => t?.close());
  const signIn = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/idp/interaction/abc/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=guess',
    });

  held(`limits: behind the proxy, a client rotating its own X-Forwarded-For entries passes at most ${SIGN_IN_LIMIT} sign-in posts`, async () => {
    // The proxy appends the address it saw; the client controls only what comes before it.
    const through = await passed(40, () => signIn(`${randomAddress()}, ${randomAddress()}, 198.51.100.9`));
    expect(through).toBe(SIGN_IN_LIMIT);
  });

  held('limits: behind the proxy, another client keeps its own bucket (the proxy is not one caller)', async () => {
    expect((await signIn('198.51.100.10')).statusCode).not.toBe(429);
    expect((await signIn('198.51.100.9')).statusCode).toBe(429);
  });

  held('limits: a client reaching the server directly (not through the proxy) cannot forward an address', async () => {
    const direct = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/idp/interaction/abc/login',
        remoteAddress: '203.0.113.77',
        headers: { 'x-forwarded-for': forwardedFor, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.c&password=guess',
      });
    expect(await passed(SIGN_IN_LIMIT + 5, () => direct(randomAddress()))).toBe(SIGN_IN_LIMIT);
  });

  held('idp: forwarded host and protocol from a client that is not the proxy do not reach the provider', async () => {
    const res = await t.app.inject({
      url: '/idp/.well-known/openid-configuration',
      remoteAddress: '203.0.113.78',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
  });
});
