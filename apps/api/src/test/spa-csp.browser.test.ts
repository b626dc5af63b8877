// The built apps in real Chromium under the policy: no violation while they load. Runs in the api's
// test-browser target, which Nx runs after building editor, projector and site (apps/api/package.json).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../tools/testing/chromium';
import { freePort } from '../../../../tools/testing/free-port';
import { makeUser, sampleProjectBody } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

const root = join(import.meta.dirname, '../../../..');

describe('SPA pages in Chromium under the policy', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  let projectPath: string;
  beforeAll(async () => {
    // A missing build is a failure here, not a skip: Nx builds the SPAs before this target.
    for (const n of ['editor', 'projector', 'site']) {
      if (!existsSync(join(root, 'apps', n, 'dist', 'index.html')))
        throw new Error(`apps/${n} is not built: run npx nx run api:test-browser (it builds the SPAs first)`);
    }
    const port = await freePort();
    origin = `http://localhost:${port}`;
    t = await createTestApp({ PORT: String(port), SANDBOX_PORT: String(await freePort()), PUBLIC_ORIGIN: origin, APPS_ROOT: root });
    await t.app.listen({ port, host: '127.0.0.1' });
    const owner = await makeUser(t.app, 'csp-owner');
    // Images the way the product stores them: our own URLs (the bundled sample; uploads are served
    // by /api/assets/public).
    const body = sampleProjectBody('CSP stage');
    for (const layer of body.layers) layer.content.src = `${origin}/app/editor/samples/beamstage-sample.png`;
    const created = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: body });
    const id = created.json().id;
    await t.app.inject({ method: 'POST', url: '/api/projects/publish', headers: owner.headers, payload: { projectId: id, enableRealtime: true } });
    projectPath = `/projector/${id}/${owner.id}`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * automerge-repo's CBOR codec (cbor-x) probes `Function('')` inside try/catch when it loads and,
   * refused, uses its reader without generated code: a report, not a failure. Any other eval is
   * counted (and would also break the page).
   */
  // A locator wait, not waitForFunction: a string predicate is polled with eval inside the page,
  // which this very policy refuses (the test failed that way whenever the first poll came too early).
  const rootRendered = async (p: Page) => void (await p.locator('#root > *').first().waitFor({ state: 'attached', timeout: 20_000 }));
  const CBOR_PROBE = /^CSPV script-src eval at .*\/app\/(projector|editor)\/assets\//;

  /** Loads a page and returns the CSP violations it reported (console and securitypolicyviolation events). */
  const violationsOf = async (path: string, settle: (page: Page) => Promise<void>) => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      const text = m.text();
      if ((text.includes('Content Security Policy') || text.startsWith('CSPV ')) && !CBOR_PROBE.test(text)) violations.push(text);
    });
    // Browser code as strings: this project's types are Node's, not the DOM's.
    await page.addInitScript({
      content:
        "document.addEventListener('securitypolicyviolation', (e) => console.error(`CSPV ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`))",
    });
    const res = await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 30_000 });
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    await settle(page);
    return { page, violations };
  };

  it('the site loads without violations', async () => {
    const { page, violations } = await violationsOf('/', rootRendered);
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);

  it('the editor loads without violations', async () => {
    const { page, violations } = await violationsOf('/dashboard', rootRendered);
    await page.waitForTimeout(1000);
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);

  it('the projector follows a published live project (wasm, websocket) without violations', async () => {
    const { page, violations } = await violationsOf(projectPath, async (p) => void (await p.waitForSelector('canvas', { timeout: 20_000 })));
    // The live room: Automerge's wasm compiled and the /sync socket opened under the policy.
    const deadline = Date.now() + 15_000;
    while (t.app.sync.server.socketCount() === 0 && Date.now() < deadline) await page.waitForTimeout(100);
    expect(t.app.sync.server.socketCount()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    // The policy is live: an inline script is refused and reported.
    await page.addScriptTag({ content: 'window.__inline = 1' }).catch(() => undefined);
    await page.waitForTimeout(200);
    expect(await page.evaluate('window.__inline')).toBeUndefined();
    expect(violations.some((v) => v.includes('script-src'))).toBe(true);
    await page.close();
  }, 60_000);
});
