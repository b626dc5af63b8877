import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../tools/testing/chromium';
import { freePort } from '../../../../tools/testing/free-port';
import { spaCsp } from '../static/spa-csp';
import { makeUser, sampleProjectBody } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

const input = { publicOrigin: 'https://studio.example', sandboxOrigin: 'https://sandbox.example', authOrigin: 'https://tenant.auth0.com', storageOrigin: 'https://s3.example' };
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))?.split(' ').slice(1) ?? [];

describe('SPA Content-Security-Policy', () => {
  it('forbids inline and foreign script, lets Automerge compile wasm, frames only the sandbox', () => {
    const csp = spaCsp('editor', input);
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-src')).toEqual(['https://sandbox.example']);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'wss://studio.example', 'https://tenant.auth0.com', 'https://s3.example']);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(spaCsp('projector', input), 'frame-ancestors')).toEqual(["'self'"]);
    expect(directive(spaCsp('site', input), 'frame-ancestors')).toEqual(["'self'"]);
  });

  it('is sent with every SPA page, per app', async () => {
    const t = await createTestApp();
    try {
      for (const [path, ancestors] of [
        ['/dashboard', "'none'"],
        ['/projector/proj_x/usr_y', "'self'"],
        ['/', "'self'"],
      ] as const) {
        const res = await t.app.inject(path);
        if (res.statusCode === 503) continue; // that SPA is not built in this checkout: no page, no policy
        const csp = String(res.headers['content-security-policy']);
        expect(directive(csp, 'script-src'), path).toEqual(["'self'", "'wasm-unsafe-eval'"]);
        expect(directive(csp, 'frame-ancestors'), path).toEqual([ancestors]);
        expect(directive(csp, 'frame-src'), path).toEqual([t.config.sandboxOrigin]);
        expect(directive(csp, 'connect-src'), path).toContain(new URL(t.app.storage.endpoint).origin);
      }
      // JSON answers are not pages: no SPA policy on them.
      expect((await t.app.inject('/api/health')).headers['content-security-policy']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

// The built apps in real Chromium under the policy: no violation while they load. Needs the SPAs
// built (`npx nx run-many -t build -p editor projector site`); says so and skips when they are not.
const root = join(import.meta.dirname, '../../../..');
const built = ['editor', 'projector', 'site'].every((n) => existsSync(join(root, 'apps', n, 'dist', 'index.html')));
const chromiumThere = existsSync(CHROMIUM_PATH);
if (!built || !chromiumThere) console.warn(`spa-csp.test.ts: Chromium check skipped: ${!built ? 'the SPAs are not built' : `no Chromium at ${CHROMIUM_PATH}`}`);

describe.skipIf(!built || !chromiumThere)('SPA pages in Chromium under the policy', () => {
  let t: TestApp;
  let browser: Browser;
  let origin: string;
  let projectPath: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    t = await createTestApp({ PORT: String(port), SANDBOX_PORT: String(await freePort()), PUBLIC_ORIGIN: origin, APPS_ROOT: root });
    await t.app.listen({ port, host: '127.0.0.1' });
    const owner = await makeUser(t.app, 'csp-owner');
    // Images the way the product stores them: our own URLs (the bundled sample; uploads are served
    // by /api/assets/public). The policy refuses images from foreign origins.
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
  const rootRendered = async (p: Page) => void (await p.waitForFunction("(document.querySelector('#root')?.children.length ?? 0) > 0", undefined, { timeout: 20_000 }));
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
      content: "document.addEventListener('securitypolicyviolation', (e) => console.error(`CSPV ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`))",
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
