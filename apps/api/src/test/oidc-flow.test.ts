import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tools/testing/free-port';
import { CookieJar } from '../testing/cookie-jar';
import { held } from '../testing/held';
import { createTestApp, type TestApp } from '../testing/test-app';

// The embedded OpenID provider over real HTTP, as auth0-spa-js drives it: authorization code
// with PKCE, the sign-in and sign-up forms, the token endpoint, then a protected api call.
let t: TestApp;
let origin: string;
beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ PORT: String(port), SANDBOX_PORT: String(port + 1) });
  await t.app.listen({ port, host: '127.0.0.1' });
  origin = t.config.publicOrigin.replace('localhost', '127.0.0.1');
});
afterAll(async () => t?.close());

const b64url = (b: Buffer) => b.toString('base64url');

async function follow(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(new URL(url, origin), { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: jar.header() } });
  jar.store(res);
  return res;
}

async function signIn(form: Record<string, string>, opts: { screenHint?: string; submit: 'login' | 'signup' }) {
  const jar = new CookieJar();
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const redirectUri = `${t.config.publicOrigin}/auth`;
  const params = new URLSearchParams({
    client_id: 'beamstage-editor',
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience: t.config.auth.audience,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st4te',
    nonce: 'n0nce',
  });
  if (opts.screenHint) params.set('screen_hint', opts.screenHint);
  const authorize = await follow(jar, `/idp/authorize?${params}`);
  expect(authorize.status).toBe(303);
  const interactionUrl = authorize.headers.get('location')!;
  expect(interactionUrl).toMatch(/^\/idp\/interaction\//);
  const page = await follow(jar, interactionUrl);
  const html = await page.text();
  expect(page.status).toBe(200);
  const action = /action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBe(`${interactionUrl}/${opts.submit}`);
  const posted = await follow(jar, action!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  if (posted.status !== 303) return { error: await posted.text(), status: posted.status, html };
  let next = posted.headers.get('location')!;
  for (let hop = 0; hop < 5 && !next.startsWith(redirectUri); hop++) {
    const res = await follow(jar, next);
    expect([302, 303]).toContain(res.status);
    next = res.headers.get('location')!;
  }
  const back = new URL(next);
  expect(back.searchParams.get('state')).toBe('st4te');
  const code = back.searchParams.get('code')!;
  const tokenRes = await fetch(new URL('/idp/oauth/token', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'beamstage-editor',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const tokens = (await tokenRes.json()) as Record<string, string>;
  expect(tokenRes.status).toBe(200);
  return { tokens, html, jar };
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, number | string>;
const refresh = async (refreshToken: string) => {
  const res = await fetch(new URL('/idp/oauth/token', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'beamstage-editor', refresh_token: refreshToken }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
};

describe('embedded OpenID provider', () => {
  it('serves discovery and JWKS at the Auth0-compatible paths', async () => {
    const disc = (await (await fetch(new URL('/idp/.well-known/openid-configuration', origin))).json()) as Record<string, string>;
    expect(disc.issuer).toBe(t.config.auth.issuer);
    expect(disc.authorization_endpoint).toMatch(/\/idp\/authorize$/);
    expect(disc.token_endpoint).toMatch(/\/idp\/oauth\/token$/);
    const jwks = (await (await fetch(new URL('/idp/.well-known/jwks.json', origin))).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.keys[0]?.d).toBeUndefined();
  });

  it('signs in the demo account with code + PKCE and the access token opens a protected route', async () => {
    const r = await signIn({ email: 'demo@beamstage.local', password: 'beamstage-demo' }, { submit: 'login' });
    expect(r.html).toContain('Sign in');
    expect(r.html).toContain('name="email"');
    expect(r.html).toContain('name="password"');
    expect(r.html).toContain('Create an account');
    const tokens = r.tokens ?? {};
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    const [header, payload] = tokens
      .access_token!.split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('RS256');
    expect(payload.aud).toBe(t.config.auth.audience);
    expect(payload.iss).toBe(t.config.auth.issuer);
    const idToken = JSON.parse(Buffer.from(tokens.id_token!.split('.')[1]!, 'base64url').toString());
    expect(idToken).toMatchObject({ email: 'demo@beamstage.local', name: 'Demo User', nonce: 'n0nce' });
    // When the person signed in, for the editor's re-verification window: now, to the minute.
    expect(Math.abs(Number(idToken.auth_time) * 1000 - Date.now())).toBeLessThan(60_000);
    const me = await fetch(new URL('/api/me', origin), { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'demo@beamstage.local', name: 'Demo User' });

    // auth0-spa-js with useRefreshTokens: the refresh grant gives a new JWT for the same audience.
    const refreshed = await fetch(new URL('/idp/oauth/token', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'beamstage-editor', refresh_token: tokens.refresh_token! }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const again = (await refreshed.json()) as Record<string, string>;
    const claims = JSON.parse(Buffer.from(again.access_token!.split('.')[1]!, 'base64url').toString());
    expect(claims.aud).toBe(t.config.auth.audience);
    const me2 = await fetch(new URL('/api/me', origin), { headers: { authorization: `Bearer ${again.access_token}` } });
    expect(me2.status).toBe(200);
  });

  it('refuses a wrong password with the form error', async () => {
    const r = await signIn({ email: 'demo@beamstage.local', password: 'nope-nope' }, { submit: 'login' });
    expect(r.status).toBe(401);
    expect(r.error).toContain('Wrong e-mail or password');
  });

  it('signs up a new account from screen_hint=signup, and refuses duplicates and short passwords', async () => {
    const r = await signIn({ name: 'Ada', email: 'ada@example.test', password: 'long-enough-pw' }, { screenHint: 'signup', submit: 'signup' });
    expect(r.html).toContain('Create account');
    expect(r.html).toContain('name="name"');
    expect(r.html).toContain('Sign in instead');
    const me = await fetch(new URL('/api/me', origin), { headers: { authorization: `Bearer ${r.tokens?.access_token}` } });
    expect(await me.json()).toMatchObject({ email: 'ada@example.test', name: 'Ada' });

    const dup = await signIn({ name: 'Ada 2', email: 'ADA@example.test', password: 'long-enough-pw' }, { screenHint: 'signup', submit: 'signup' });
    expect(dup.status).toBe(409);
    expect(dup.error).toContain('An account with this e-mail already exists');
    const short = await signIn({ name: 'Bob', email: 'bob@example.test', password: 'short' }, { screenHint: 'signup', submit: 'signup' });
    expect(short.status).toBe(400);
    expect(short.error).toContain('Password must be at least 8 characters');
  });

  it('redirects /idp/v2/logout to the end-session endpoint', async () => {
    const res = await fetch(new URL(`/idp/v2/logout?client_id=beamstage-editor&returnTo=${encodeURIComponent(t.config.publicOrigin)}`, origin), {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('/idp/oidc/logout?client_id=beamstage-editor&post_logout_redirect_uri=');
  });

  it('renews a session silently for a reload: prompt=none with response_mode=web_message answers a code in a page under a CSP', async () => {
    const jar = (await signIn({ email: 'demo@beamstage.local', password: 'beamstage-demo' }, { submit: 'login' })).jar!;
    const verifier = b64url(randomBytes(32));
    const params = new URLSearchParams({
      client_id: 'beamstage-editor',
      redirect_uri: `${t.config.publicOrigin}/auth`,
      response_type: 'code',
      response_mode: 'web_message',
      prompt: 'none',
      scope: 'openid profile email offline_access',
      audience: t.config.auth.audience,
      code_challenge: b64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
      state: 'silent',
      nonce: 'n',
    });
    let res = await follow(jar, `/idp/authorize?${params}`);
    for (let hop = 0; hop < 5 && [302, 303].includes(res.status); hop++) res = await follow(jar, res.headers.get('location')!);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('authorization_response');
    expect(html).toMatch(/"code":"[^"]+"/);
    expect(html).toContain('"state":"silent"');
    // The page's one inline script is allowed by its hash only.
    const csp = res.headers.get('content-security-policy') ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});

describe('security: tokens and passwords of the embedded provider', () => {
  held('tokens: access tokens live at most 10 minutes', async () => {
    const { tokens } = await signIn({ email: 'demo@beamstage.local', password: 'beamstage-demo' }, { submit: 'login' });
    const claims = claimsOf(tokens!.access_token!);
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(600);
  });

  held('tokens: a refresh token is rotated on use and refused when used again', async () => {
    const { tokens } = await signIn({ email: 'demo@beamstage.local', password: 'beamstage-demo' }, { submit: 'login' });
    const first = await refresh(tokens!.refresh_token!);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(tokens!.refresh_token);
    const replay = await refresh(tokens!.refresh_token!);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  held('tokens: sign-out ends the refresh token (the access token then lives at most its 10 minutes)', async () => {
    const r = await signIn({ email: 'demo@beamstage.local', password: 'beamstage-demo' }, { submit: 'login' });
    const jar = r.jar!;
    const page = await follow(jar, `/idp/v2/logout?client_id=beamstage-editor&returnTo=${encodeURIComponent(t.config.publicOrigin)}`);
    const confirm = await follow(jar, page.headers.get('location')!);
    const html = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf, html).toBeTruthy();
    const out = await follow(jar, new URL(action!, origin).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect([302, 303]).toContain(out.status);
    const after = await refresh(r.tokens!.refresh_token!);
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
  });

  held('passwords: sign-up refuses a common password, the e-mail address and its local part', async () => {
    for (const [password, message] of [
      ['password1', 'This password is one of the most commonly used; choose another'],
      ['iloveyou2', 'This password is one of the most commonly used; choose another'],
      ['Grace.Hopper@example.test', 'Choose a password that is not your e-mail address'],
      ['grace.hopper', 'Choose a password that is not your e-mail address'],
    ] as const) {
      const r = await signIn({ name: 'Grace', email: 'grace.hopper@example.test', password }, { screenHint: 'signup', submit: 'signup' });
      expect(r.status, password).toBe(400);
      expect(r.error, password).toContain(message.replace(/'/g, '&#39;'));
    }
  });
});
