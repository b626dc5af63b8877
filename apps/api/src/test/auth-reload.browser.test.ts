// Tokens in memory (design.md rule 10) in real Chromium against the running server: the demo user
// signs in through the embedded provider; nothing token-like is left in localStorage or
// sessionStorage; a reload of /dashboard signs in again silently (hidden iframe, prompt=none,
// response_mode=web_message on the provider's session cookie) and the api answers with a fresh
// access token. /api/docs and the /idp sign-in page load under their CSP without a violation.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../tools/testing/chromium';
import { freePort } from '../../../../tools/testing/free-port';
import { createTestApp, type TestApp } from '../testing/test-app';

const root = join(import.meta.dirname, '../../../..');

describe('sign-in survives a reload with tokens in memory only', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  beforeAll(async () => {
    if (!existsSync(join(root, 'apps', 'editor', 'dist', 'index.html')))
      throw new Error('apps/editor is not built: run npx nx run api:test-browser (it builds the SPAs first)');
    const port = await freePort();
    origin = `http://localhost:${port}`;
    t = await createTestApp({ PORT: String(port), SANDBOX_PORT: String(await freePort()), PUBLIC_ORIGIN: origin, APPS_ROOT: root });
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const cspViolations = (page: Page) => {
    const seen: string[] = [];
    page.on('console', (m) => {
      if (process.env.DEBUG_AUTH_RELOAD) console.log('console:', m.text());
      if (m.text().includes('Content Security Policy')) seen.push(m.text());
    });
    if (process.env.DEBUG_AUTH_RELOAD) {
      page.context().on('response', (r) => console.log('response:', r.status(), r.request().method(), r.url().slice(0, 120)));
      page.on('worker', (w) => console.log('worker:', w.url()));
      page.on('pageerror', (e) => console.log('pageerror:', e.message));
      page.on('framenavigated', (f) => console.log('nav:', f === page.mainFrame() ? 'main' : 'frame', f.url().slice(0, 120)));
    }
    return seen;
  };
  const storedTokens = (page: Page) =>
    page.evaluate(() => {
      // The page's Storage objects, typed here without the DOM library.
      const w = globalThis as unknown as { localStorage: Record<string, string>; sessionStorage: Record<string, string> };
      const all = [...Object.entries(w.localStorage), ...Object.entries(w.sessionStorage)].map(([k, v]) => `${k}=${v}`);
      return all.filter((e) => /access_token|refresh_token|id_token|eyJ[A-Za-z0-9_-]{10,}\./.test(e));
    });

  it('signs in, keeps no token in storage, and is still signed in after a reload', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations = cspViolations(page);
    await page.goto(`${origin}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/sign-in', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await page.locator('input[name=email]').fill(t.config.demo.email);
    await page.locator('input[name=password]').fill(t.config.demo.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page
      .waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 })
      .catch(async (e) => {
        if (process.env.DEBUG_AUTH_RELOAD) console.log('stuck at', page.url(), (await page.locator('body').innerText()).slice(0, 500));
        throw e;
      });
    await page.getByRole('heading', { name: 'Your projects' }).waitFor({ timeout: 30_000 });
    expect(await storedTokens(page)).toEqual([]);

    // Reload: memory is gone; the SDK signs in again in a hidden iframe, and the api is called with a new token.
    const listed = page.waitForResponse((r) => r.url().includes('/api/projects/list') && r.status() === 200, { timeout: 30_000 });
    await page.reload();
    await listed;
    await page.getByRole('heading', { name: 'Your projects' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await storedTokens(page)).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it('serves /api/docs and the /idp sign-in page under a CSP without a violation', async () => {
    const page = await browser.newPage();
    const violations = cspViolations(page);
    const docs = await page.goto(`${origin}/api/docs`);
    expect(docs?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.swagger-ui .info').waitFor({ timeout: 30_000 });
    await page.goto(`${origin}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/sign-in', { timeout: 30_000 });
    const formAnswer = page.waitForResponse((r) => r.url().includes('/idp/interaction/') && r.request().method() === 'GET');
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    const form = await formAnswer;
    expect(form.headers()['content-security-policy']).toContain("default-src 'none'");
    await page.locator('input[name=email]').waitFor();
    expect(violations).toEqual([]);
    await page.close();
  }, 120_000);
});
