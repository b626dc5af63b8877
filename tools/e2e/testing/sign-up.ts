import { createHash, randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** The password every journey user gets (save-answers.spec.ts signs in again with it). */
export const JOURNEY_PASSWORD = 'warped-surfaces-7781';

let users = 0;

/**
 * Signs a brand-new user up and opens the dashboard signed in. Setup for journeys whose subject is
 * something else: the provider's own sign-up endpoints are used over HTTP, in the page's cookie jar
 * (authorize, the sign-up form's POST, the resumed authorization that sets the provider's session),
 * then /dashboard signs in silently on that session as after any reload. The sign-up pages
 * themselves are journey.spec.ts's subject ("a new user signs up through the sign-in page"). Through
 * them (two SPA loads, three provider pages) a sign-up took 11.4 s against 3.1 s this way, on a
 * shared 2-core machine at a load average of 28 (3 of each, interleaved); ~40 journeys sign up.
 */
export async function signUpOverHttp(page: Page, origin: string, name = 'Journey Mapper'): Promise<string> {
  users += 1;
  const email = `journey-${Date.now()}-${users}@example.test`;
  const request = page.request;
  const config = (await (await request.get(`${origin}/api/config`)).json()) as { auth: { clientId: string; audience: string } };
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URLSearchParams({
    client_id: config.auth.clientId,
    redirect_uri: `${origin}/auth`,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience: config.auth.audience,
    screen_hint: 'signup',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  });
  const started = await request.get(`${origin}/idp/authorize?${authorize}`, { maxRedirects: 0 });
  const interaction = started.headers()['location'] ?? '';
  expect(interaction, `the provider's authorize answered ${started.status()} with no sign-in page`).toMatch(/\/idp\/interaction\/[^/?]+$/);
  const uid = interaction.split('/').pop()!;
  const posted = await request.post(`${origin}/idp/interaction/${uid}/signup`, { form: { name, email, password: JOURNEY_PASSWORD }, maxRedirects: 0 });
  expect(posted.status(), `the sign-up form's POST: ${posted.status() === 303 ? '' : await posted.text()}`).toBe(303);
  // The resumed authorization sets the provider's session, then sends the browser to /auth with a
  // code; the page never takes that code (silent sign-in gets its own).
  let next = posted.headers()['location'];
  for (let hop = 0; hop < 5 && next && !new URL(next, origin).pathname.startsWith('/auth'); hop += 1) {
    next = (await request.get(new URL(next, origin).toString(), { maxRedirects: 0 })).headers()['location'];
  }
  expect(next ?? '', 'the provider sends the new user back to /auth with a code').toMatch(/\/auth\?(.*&)?code=/);
  // auth0-spa-js signs in silently on load only when this hint says a session may exist.
  await page.context().addCookies([{ name: `auth0.${config.auth.clientId}.is.authenticated`, value: 'true', url: origin }]);
  await page.goto(`${origin}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  return email;
}
