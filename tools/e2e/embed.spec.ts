import { chromium, type Locator, type Page } from '@playwright/test';
import { expect, test } from './testing/test.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HOST_CSS, HOST_SCRIPT, hostPage, startHostSite, type HostSite } from './testing/host-site.ts';
import { makeWebm } from './testing/loopback.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/chromium.ts';
import {
  addLayerFromMenu,
  maxDifference,
  newProject,
  openProjector,
  publish,
  readPixels,
  screenshotPixels,
  settledScreenshot,
  signUpFresh,
  studioUrl,
} from './testing/studio.ts';

// A published show embedded in a site that is not the studio. The editor's "Copy embed
// code" snippet is pasted into a page on another loopback origin (with a strict CSP: the lines the
// "Embed and extend" page tells site owners to add), the player draws the same pixels as the
// projector, follows a live edit, and says so inside its box when the project is unknown, is
// unpublished while it plays, or its server is down; the host page keeps working throughout.

/** Canvas points of the 800x600 project inside each quadrant of the sample image, and outside it. */
const PROBES = [
  { x: 330, y: 270 },
  { x: 470, y: 230 },
  { x: 330, y: 370 },
  { x: 460, y: 380 },
  { x: 100, y: 100 },
];
/** Player and projector must agree this closely per channel (the same stage, the same project). */
const SAME_PIXEL_TOLERANCE = 6;

interface PlayerEvent {
  type: 'ready' | 'error';
  project: string;
  detail: { message?: string; status?: number; live?: boolean; width?: number; height?: number };
}

/** The player element's own read-back (canvas coordinates), polled until it answers. */
async function playerPixels(player: Locator): Promise<number[][]> {
  return player.evaluate(async (el, points) => (el as unknown as { readPixels(p: typeof points): Promise<number[][]> }).readPixels(points), PROBES);
}

const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: PlayerEvent[] }).__events);

/** The CSP lines the documentation gives a host page for a player from `studio`. */
function hostCsp(studio: string, sandbox?: string): string {
  const ws = studio.replace(/^http/, 'ws');
  const frames = sandbox ? [`frame-src ${sandbox}`] : [];
  return [
    `default-src 'self'`,
    `script-src 'self' ${studio} 'wasm-unsafe-eval'`,
    `connect-src 'self' ${studio} ${ws}`,
    `img-src 'self' ${studio}`,
    `media-src 'self' ${studio}`,
    `style-src 'self'`,
    ...frames,
  ].join('; ');
}

let site: HostSite | null = null;
test.afterEach(async () => {
  await site?.close();
  site = null;
});

test('embed: the copied snippet plays on another origin like the projector, follows a live edit, and says when it cannot play', async ({ browser }) => {
  const studioContext = await browser.newContext();
  await studioContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studioUrl() });
  const editor = await studioContext.newPage();
  await signUpFresh(editor, 'Embed Mapper');
  const projectId = await newProject(editor);
  await addLayerFromMenu(editor, 'Add image layer');
  await expect(editor.locator('.layer-row__name')).toHaveText(['Image 1']);
  // Before publishing there is nothing to embed.
  await expect(editor.getByRole('button', { name: 'Copy embed code' })).toBeDisabled();
  await publish(editor);

  // Copy embed code puts the snippet on the clipboard.
  await editor.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(editor.getByRole('button', { name: 'Embed code copied' })).toBeVisible();
  const snippet = await editor.evaluate(() => navigator.clipboard.readText());
  const studio = new URL(studioUrl()).origin;
  expect(snippet).toBe(
    `<script type="module" src="${studio}/embed/player.js"></script>\n<beamstage-player project="${projectId}" autoplay muted loop></beamstage-player>`,
  );

  // A gallery's page on another origin: the snippet as pasted, plus a player for an unknown project.
  site = await startHostSite('127.0.0.1');
  expect(site.origin).not.toBe(studio);
  const unknown = '<beamstage-player project="proj_0_nothing_here" controls></beamstage-player>';
  site.page('/gallery.html', hostPage('Gallery', `${snippet}\n${unknown}`), { 'content-security-policy': hostCsp(studio) });
  site.file('/host.js', HOST_SCRIPT, 'text/javascript');
  site.file('/host.css', HOST_CSS, 'text/css');

  const visitors = await browser.newContext();
  const gallery = await visitors.newPage();
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  gallery.on('pageerror', (e) => pageErrors.push(e.message));
  gallery.on('console', (m) => /Content Security Policy|Refused to|blocked by CORS/.test(m.text()) && cspViolations.push(m.text()));
  const publicFetches: string[] = [];
  gallery.on('request', (r) => r.url().includes('/api/projects/public') && publicFetches.push(r.url()));
  // Everything the gallery asks of the studio: only the public paths (no drafts, history or account).
  const studioPaths: string[] = [];
  gallery.on('request', (r) => r.url().startsWith(`${studio}/`) && studioPaths.push(new URL(r.url()).pathname));
  gallery.on('websocket', (ws) => studioPaths.push(new URL(ws.url()).pathname));
  await gallery.goto(`${site.origin}/gallery.html`);
  const player = gallery.locator(`beamstage-player[project="${projectId}"]`);
  const missing = gallery.locator('beamstage-player[project="proj_0_nothing_here"]');

  // Ready, live, letterboxed at the project's 4:3 in its 640 px box.
  await expect.poll(async () => (await events(gallery)).find((e) => e.project === projectId)?.type, { timeout: 30_000 }).toBe('ready');
  const ready = (await events(gallery)).find((e) => e.project === projectId);
  expect(ready?.detail).toMatchObject({ width: 800, height: 600, live: true });
  // One public fetch per player on the page (an upgrade reports its attributes before it connects).
  expect(
    publicFetches.filter((u) => u.includes(encodeURIComponent(projectId))),
    publicFetches.join('\n'),
  ).toHaveLength(1);
  const box = await player.boundingBox();
  expect(box?.width).toBeCloseTo(640, 0);
  expect(box?.height).toBeCloseTo(480, 0);
  await expect.poll(() => player.evaluate((el) => (el as unknown as { liveStatus: string }).liveStatus), { timeout: 30_000 }).toBe('connected');
  expect(await player.evaluate((el) => (el as unknown as { playing: boolean }).playing), 'autoplay').toBe(true);

  // The same pixels as the projector.
  const projector = await openProjector(browser, projectId);
  const projectorPixels = await readPixels(projector, PROBES);
  expect(projectorPixels[0]?.[0], 'the projector draws the sample image (violet quadrant)').toBeGreaterThan(80);
  await expect
    .poll(async () => maxDifference(await playerPixels(player), projectorPixels), { message: 'player pixels match the projector', timeout: 20_000 })
    .toBeLessThanOrEqual(SAME_PIXEL_TOLERANCE);
  await settledScreenshot(gallery, 'embed-gallery');

  // The unknown project says so inside its own box, and fires error with the server's text.
  await expect(missing.getByRole('status')).toContainText('Show not found');
  const missingError = (await events(gallery)).find((e) => e.project === 'proj_0_nothing_here');
  expect(missingError).toMatchObject({ type: 'error', detail: { status: 404 } });
  expect(missingError?.detail.message).toMatch(/not found/i);

  // A live edit in the editor (opacity 0.5, no Save) reaches the embed.
  await editor.locator('.layer-row__main').first().click();
  await editor.getByLabel('Opacity', { exact: true }).fill('0.5');
  await editor.getByLabel('Opacity', { exact: true }).press('Enter');
  await expect.poll(async () => maxDifference(await readPixels(editor, PROBES), projectorPixels), { timeout: 10_000 }).toBeGreaterThan(30);
  const editedPixels = await readPixels(editor, PROBES);
  await expect
    .poll(async () => maxDifference(await playerPixels(player), editedPixels), { message: 'the embed follows the live edit', timeout: 20_000 })
    .toBeLessThanOrEqual(SAME_PIXEL_TOLERANCE);
  expect(await player.evaluate((el) => (el as unknown as { liveDraws: number }).liveDraws)).toBeGreaterThan(0);

  // The host page still works, and nothing of the player reached its error handlers or broke its CSP.
  await gallery.getByRole('button', { name: 'Clicked 0 times' }).click();
  await expect(gallery.getByRole('button', { name: 'Clicked 1 times' })).toBeVisible();
  expect(pageErrors).toEqual([]);
  expect(cspViolations).toEqual([]);
  expect(studioPaths).toContain('/api/config');
  expect(
    studioPaths.filter(
      (p) => !/^\/(embed\/|api\/projects\/public$|api\/config$|api\/sync\/ticket$|sync(\/[\w-]+)?$|api\/assets\/public\/|app\/editor\/samples\/)/.test(p),
    ),
    'studio paths beyond the public ones',
  ).toEqual([]);
  // The CSP is in force (so the player really ran under the documented lines): an inline script is refused.
  const inlineRan = await gallery.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(inlineRan, 'the host CSP blocks inline script').toBe(false);

  // Unpublished while it plays: the player says so in its box and fires error; the page stays up.
  await editor.getByRole('switch', { name: 'Publish' }).click({ force: true });
  await expect(editor.getByRole('switch', { name: 'Publish' })).not.toBeChecked();
  await expect(player.getByRole('status')).toContainText('This show is no longer published', { timeout: 20_000 });
  const gone = (await events(gallery)).filter((e) => e.project === projectId && e.type === 'error');
  expect(gone).toHaveLength(1);
  expect(gone[0]?.detail.status).toBe(404);
  await settledScreenshot(gallery, 'embed-unpublished');
  // A new visitor sees the message at once.
  await gallery.reload();
  await expect(player.getByRole('status')).toContainText('Show not found');
  await gallery.getByRole('button', { name: 'Clicked 0 times' }).click();
  await expect(gallery.getByRole('button', { name: 'Clicked 1 times' })).toBeVisible();
  expect(pageErrors).toEqual([]);

  await visitors.close();
  await projector.context().close();
  await studioContext.close();
});

test('embed: a player whose server is down says so and leaves the page working', async ({ browser }) => {
  // The built player, served from an origin whose api drops every connection (a server that is down
  // after the page cached its script): the player's studio is wherever its script came from.
  site = await startHostSite('127.0.0.1');
  const dist = fileURLToPath(new URL('../../apps/player/dist/', import.meta.url));
  site.file('/embed/player.js', readFileSync(`${dist}player.js`), 'text/javascript');
  for (const name of readdirSync(`${dist}assets`)) site.file(`/embed/assets/${name}`, readFileSync(`${dist}assets/${name}`), 'text/javascript');
  site.dropUnder('/api/');
  site.page(
    '/down.html',
    hostPage(
      'Venue',
      `<script type="module" src="${site.origin}/embed/player.js"></script>\n<beamstage-player project="proj_1_abc"></beamstage-player>\n<beamstage-player></beamstage-player>`,
    ),
  );
  site.file('/host.js', HOST_SCRIPT, 'text/javascript');
  site.file('/host.css', HOST_CSS, 'text/css');
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const apiCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/') && apiCalls.push(new URL(r.url()).pathname));
  await page.goto(`${site.origin}/down.html`);
  const player = page.locator('beamstage-player[project="proj_1_abc"]');
  await expect(player.getByRole('status')).toContainText('The show cannot be reached');
  // Inert from then on: the project and the config were asked once each, and nothing retries.
  await page.waitForTimeout(2000);
  expect(apiCalls.sort()).toEqual(['/api/config', '/api/projects/public']);
  await expect(page.locator('beamstage-player:not([project])').getByRole('status')).toContainText('No project chosen');
  const fired = await events(page);
  expect(fired).toEqual(
    expect.arrayContaining([
      { type: 'error', project: 'proj_1_abc', detail: { message: 'Failed to fetch public project', status: 0 } },
      { type: 'error', project: null, detail: { message: 'Missing project ID', status: 0 } },
    ]),
  );
  await page.getByRole('button', { name: 'Clicked 0 times' }).click();
  await expect(page.getByRole('button', { name: 'Clicked 1 times' })).toBeVisible();
  expect(pageErrors).toEqual([]);
  await settledScreenshot(page, 'embed-server-down');
  // Giving it a project id later starts it (attributes are live); still unreachable, still a message.
  await page.locator('beamstage-player:not([project])').evaluate((el) => el.setAttribute('project', 'proj_2_def'));
  await expect(page.locator('beamstage-player[project="proj_2_def"]').getByRole('status')).toContainText('The show cannot be reached');
  await page.close();
});

test('embed: a keyframed show waits at the start, plays with the control, pauses, and loops', async ({ browser }) => {
  // A studio stand-in on another origin: the built player plus a public route answering one project
  // (400x300, a red shader square keyframed from x 50 to x 350 over one second).
  const { createDefaultProject, createLayer } = await import('@beamstage/layers');
  const project = createDefaultProject({ id: 'proj_1_anim' as never, nowMs: 1, name: 'Sweep' });
  const layer = createLayer('fragment-shader', { id: 'sweep' as never, nowMs: 1 });
  const show = {
    ...project,
    canvas: { ...project.canvas, width: 400, height: 300, background: '#000000' },
    layers: [
      {
        ...layer,
        x: 50,
        y: 150,
        width: 60,
        height: 60,
        content: { ...layer.content, fragmentSrc: 'void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }' },
      },
    ],
    timeline: {
      ...project.timeline,
      duration: 1000,
      keyframes: [
        { id: 'k0', layerId: 'sweep', property: 'x', time: 0, value: 50, easing: 'linear' },
        { id: 'k1', layerId: 'sweep', property: 'x', time: 1000, value: 350, easing: 'linear' },
      ],
    },
  };
  site = await startHostSite('127.0.0.1');
  const dist = fileURLToPath(new URL('../../apps/player/dist/', import.meta.url));
  site.file('/embed/player.js', readFileSync(`${dist}player.js`), 'text/javascript');
  site.file('/api/projects/public', JSON.stringify(show), 'application/json');
  site.page(
    '/sweep.html',
    hostPage(
      'Sweep',
      `<script type="module" src="${site.origin}/embed/player.js"></script>\n<beamstage-player project="proj_1_anim" controls loop></beamstage-player>`,
    ),
  );
  site.file('/host.js', HOST_SCRIPT, 'text/javascript');
  site.file('/host.css', HOST_CSS, 'text/css');
  const page = await browser.newPage();
  await page.goto(`${site.origin}/sweep.html`);
  const player = page.locator('beamstage-player');
  await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 20_000 }).toEqual(['ready']);
  const red = (px: number[] | undefined) => (px?.[0] ?? 0) > 200 && (px?.[1] ?? 255) < 40;
  const sample = () =>
    player.evaluate(async (el) => {
      const p = el as unknown as { readPixels(p: { x: number; y: number }[]): Promise<number[][]>; currentTime: number; playing: boolean };
      const [start, end] = await p.readPixels([
        { x: 50, y: 150 },
        { x: 350, y: 150 },
      ]);
      return { start, end, time: p.currentTime, playing: p.playing };
    });

  // Without autoplay it waits at the start: the square is at x 50.
  const waiting = await sample();
  expect(waiting.playing).toBe(false);
  expect(waiting.time).toBe(0);
  expect(red(waiting.start) && !red(waiting.end), JSON.stringify(waiting)).toBe(true);

  // The control plays: the square leaves the start and the clock runs.
  await player.getByRole('button', { name: 'Play' }).click();
  await expect.poll(async () => red((await sample()).start), { timeout: 5_000 }).toBe(false);
  // Paused: the clock holds.
  await player.getByRole('button', { name: 'Pause' }).click();
  const paused = await sample();
  await page.waitForTimeout(300);
  expect((await sample()).time).toBe(paused.time);
  expect(paused.playing).toBe(false);
  // Played again with loop on, it runs past the one-second timeline and starts over.
  await player.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(1300);
  const looped = await sample();
  expect(looped.playing).toBe(true);
  expect(looped.time).toBeLessThan(1000);
  await page.close();
});

test('embed: scenes placed on the timeline play with their transition, from a studio on another origin', async ({ browser }) => {
  // A studio stand-in (the built player, its lazy chunks, a public route) and a gallery on another
  // origin under the documented CSP. The show: scene A (a red shader over the whole 400x300 canvas)
  // from 0 to 1 s, then scene B (a blue shader fading in over 3 s, and a GIF layer) from 1 s to 5 s;
  // the document's own layer (green) is never on screen while a scene is placed.
  const studio = await startHostSite('127.0.0.1');
  const gallery = await startHostSite('127.0.0.1');
  site = gallery;
  const { createDefaultProject, createLayer } = await import('@beamstage/layers');
  const base = createDefaultProject({ id: 'proj_1_scenes' as never, nowMs: 1, name: 'Two scenes' });
  const canvas = { ...base.canvas, width: 400, height: 300, background: '#000000' };
  const solid = (id: string, rgb: string) => {
    const layer = createLayer('fragment-shader', { id: id as never, nowMs: 1 });
    return {
      ...layer,
      x: 200,
      y: 150,
      width: 400,
      height: 300,
      content: { ...layer.content, fragmentSrc: `void main() { gl_FragColor = vec4(${rgb}, 1.0); }` },
    };
  };
  const gifLayer = createLayer('giphy', { id: 'gif' as never, nowMs: 1 });
  const scene = (id: string, layers: unknown[]) => ({
    id,
    name: id,
    description: '',
    layers,
    canvas,
    warpPoints: base.warpPoints,
    created: '',
    modified: '',
    metadata: {},
  });
  const placed = (id: string, sceneId: string, startTime: number, duration: number) => ({
    id,
    sceneId,
    startTime,
    duration,
    metadata: { created: 1, modified: 1 },
  });
  const show = {
    ...base,
    canvas,
    layers: [solid('green', '0.0, 1.0, 0.0')],
    scenes: [
      scene('scene-a', [solid('red', '1.0, 0.0, 0.0')]),
      scene('scene-b', [
        { ...gifLayer, x: 20, y: 20, width: 20, height: 20, content: { ...gifLayer.content, src: `${studio.origin}/pixel.png` } },
        solid('blue', '0.0, 0.0, 1.0'),
      ]),
    ],
    timeline: {
      ...base.timeline,
      duration: 6000,
      playStartTime: 0,
      playEndTime: 6000,
      timelineScenes: [placed('entry-a', 'scene-a', 0, 1000), placed('entry-b', 'scene-b', 1000, 4000)],
      sceneTransitions: [
        {
          id: 'fade',
          startTime: 1000,
          duration: 3000,
          easing: 'linear',
          animations: [{ layerId: 'blue', propertyName: 'opacity', from: 0, to: 1, fromSceneId: 'scene-a', toSceneId: 'scene-b' }],
          animatedProperties: ['opacity'],
          timestamp: 1,
        },
      ],
    },
  };
  try {
    expect(studio.origin).not.toBe(gallery.origin);
    const dist = fileURLToPath(new URL('../../apps/player/dist/', import.meta.url));
    studio.file('/embed/player.js', readFileSync(`${dist}player.js`), 'text/javascript');
    for (const f of readdirSync(`${dist}assets`))
      studio.file(`/embed/assets/${f}`, readFileSync(`${dist}assets/${f}`), f.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
    studio.file(
      '/pixel.png',
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'),
      'image/png',
    );
    studio.file('/api/projects/public', JSON.stringify(show), 'application/json');
    gallery.page(
      '/scenes.html',
      hostPage(
        'Scenes',
        `<script type="module" src="${studio.origin}/embed/player.js"></script>\n<beamstage-player project="proj_1_scenes" controls></beamstage-player>`,
      ),
      { 'content-security-policy': hostCsp(studio.origin) },
    );
    gallery.file('/host.js', HOST_SCRIPT, 'text/javascript');
    gallery.file('/host.css', HOST_CSS, 'text/css');

    const page = await browser.newPage();
    const pageErrors: string[] = [];
    const cspViolations: string[] = [];
    const chunks: { url: string; status: number }[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => /Content Security Policy|Refused to/.test(m.text()) && cspViolations.push(m.text()));
    page.on('response', (r) => r.url().includes('/embed/assets/') && chunks.push({ url: r.url(), status: r.status() }));
    await page.goto(`${gallery.origin}/scenes.html`);
    const player = page.locator('beamstage-player');
    await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 20_000 }).toEqual(['ready']);
    const sample = () =>
      player.evaluate(async (el) => {
        const p = el as unknown as { readPixels(p: { x: number; y: number }[]): Promise<number[][]>; currentTime: number; playing: boolean };
        const [centre] = await p.readPixels([{ x: 200, y: 150 }]);
        return { rgb: centre ?? [], time: p.currentTime, playing: p.playing };
      });

    // Waiting at the play start: scene A, red (not the document's green).
    const start = await sample();
    expect(start.time).toBe(0);
    expect(start.rgb[0], JSON.stringify(start)).toBeGreaterThan(200);
    expect(start.rgb[1], JSON.stringify(start)).toBeLessThan(40);

    // Played: scene B replaces A, its blue fading in over the transition, then full.
    await player.getByRole('button', { name: 'Play' }).click();
    const fading = (s: { rgb: number[] }) => (s.rgb[0] ?? 255) < 40 && (s.rgb[1] ?? 255) < 40 && (s.rgb[2] ?? 0) > 30 && (s.rgb[2] ?? 255) < 220;
    await expect
      .poll(async () => fading(await sample()), { message: 'scene B mid-transition (part blue on black)', timeout: 10_000, intervals: [50] })
      .toBe(true);
    await expect
      .poll(
        async () => {
          const s = await sample();
          return (s.rgb[2] ?? 0) > 235 && (s.rgb[0] ?? 255) < 40 && (s.rgb[1] ?? 255) < 40;
        },
        { message: 'scene B, blue in full', timeout: 15_000 },
      )
      .toBe(true);
    // Scene B's GIF layer is a DOM layer: libs/stage's media half came from the studio as a lazy chunk, under the host's CSP.
    await expect.poll(() => chunks.filter((c) => /stage-media-/.test(c.url)).map((c) => c.status), { timeout: 10_000 }).toEqual([200]);
    expect(chunks.every((c) => c.url.startsWith(`${studio.origin}/embed/assets/`))).toBe(true);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await page.close();
  } finally {
    await studio.close();
  }
});

test('embed: a box of another shape letterboxes the show at the project aspect, black bars either side', async ({ browser }) => {
  // A studio stand-in answering one 400x300 (4:3) project: a red shader over the whole canvas. The
  // gallery gives one player a wide box (640x240) and one a tall box (300x400) in its own CSS.
  const { createDefaultProject, createLayer } = await import('@beamstage/layers');
  const base = createDefaultProject({ id: 'proj_1_box' as never, nowMs: 1, name: 'Box' });
  const layer = createLayer('fragment-shader', { id: 'fill' as never, nowMs: 1 });
  const show = {
    ...base,
    canvas: { ...base.canvas, width: 400, height: 300, background: '#000000' },
    layers: [
      {
        ...layer,
        x: 200,
        y: 150,
        width: 400,
        height: 300,
        content: { ...layer.content, fragmentSrc: 'void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }' },
      },
    ],
  };
  site = await startHostSite('127.0.0.1');
  const dist = fileURLToPath(new URL('../../apps/player/dist/', import.meta.url));
  site.file('/embed/player.js', readFileSync(`${dist}player.js`), 'text/javascript');
  site.file('/api/projects/public', JSON.stringify(show), 'application/json');
  site.page(
    '/boxes.html',
    hostPage(
      'Boxes',
      `<script type="module" src="${site.origin}/embed/player.js"></script>\n<beamstage-player id="wide" project="proj_1_box"></beamstage-player>\n<beamstage-player id="tall" project="proj_1_box"></beamstage-player>`,
    ),
  );
  site.file('/host.js', HOST_SCRIPT, 'text/javascript');
  site.file('/host.css', `${HOST_CSS} #wide { height: 240px; } #tall { width: 300px; height: 400px; }`, 'text/css');
  const page = await browser.newPage();
  await page.goto(`${site.origin}/boxes.html`);
  await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 20_000 }).toEqual(['ready', 'ready']);
  const wide = page.locator('#wide');
  const tall = page.locator('#tall');
  // Without the controls attribute there is no play and pause control.
  await expect(wide.locator('button')).toBeHidden();
  await expect(wide.getByRole('button')).toHaveCount(0);
  // The page's sizes win over the element's own aspect.
  expect(await wide.boundingBox()).toMatchObject({ width: 640, height: 240 });
  expect(await tall.boundingBox()).toMatchObject({ width: 300, height: 400 });
  const red = (px: number[] | undefined) => (px?.[0] ?? 0) > 200 && (px?.[1] ?? 255) < 40 && (px?.[2] ?? 255) < 40;
  const black = (px: number[] | undefined) => (px?.[0] ?? 255) + (px?.[1] ?? 255) + (px?.[2] ?? 255) < 24;
  // What a visitor sees (screenshots of each box). Wide: the 4:3 picture is 320x240 at x 160..480,
  // black bars 160 px each side. Regions keep 8 px from the picture's edges and 2 px from the box's (the
  // page's white at a fractional edge); the brightest pixel of a region is read, so red in a bar would show.
  await expect
    .poll(
      async () => {
        const [left, centre, right] = await screenshotPixels(page, await wide.screenshot(), [
          { x: 2 / 640, y: 2 / 240, w: 150 / 640, h: 236 / 240 },
          { x: 168 / 640, y: 8 / 240, w: 304 / 640, h: 224 / 240 },
          { x: 488 / 640, y: 2 / 240, w: 150 / 640, h: 236 / 240 },
        ]);
        return `${black(left)} ${red(centre)} ${black(right)} ${JSON.stringify([left, centre, right])}`;
      },
      { message: 'wide box: bars left and right, the picture in the middle', timeout: 20_000 },
    )
    .toMatch(/^true true true /);
  // Tall: the picture is 300x225 at y 87.5..312.5, black bars above and below.
  await expect
    .poll(
      async () => {
        const [top, centre, bottom] = await screenshotPixels(page, await tall.screenshot(), [
          { x: 2 / 300, y: 2 / 400, w: 296 / 300, h: 76 / 400 },
          { x: 8 / 300, y: 96 / 400, w: 284 / 300, h: 208 / 400 },
          { x: 2 / 300, y: 322 / 400, w: 296 / 300, h: 76 / 400 },
        ]);
        return `${black(top)} ${red(centre)} ${black(bottom)} ${JSON.stringify([top, centre, bottom])}`;
      },
      { message: 'tall box: bars above and below, the picture in the middle', timeout: 20_000 },
    )
    .toMatch(/^true true true /);
  await settledScreenshot(page, 'embed-letterbox');
  await page.close();
});

test("embed: an HTML layer runs only in the studio's sandbox origin, on a page the studio allows; elsewhere it stays inert", async ({ browser }) => {
  // The studio's own sandbox (its /api/config names it; global-setup lets BEAMSTAGE_EMBED_HOST_ORIGIN
  // frame it). A studio stand-in serves the player and one 400x300 show: a green HTML layer over the
  // middle and a red shader square at the top left. One gallery is the allowed origin (with the
  // documented CSP plus frame-src for the sandbox), the other any site.
  const allowedOrigin = process.env['BEAMSTAGE_EMBED_HOST_ORIGIN'] ?? '';
  expect(allowedOrigin, 'global-setup names the allowed host origin').toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const config = (await (await fetch(`${studioUrl()}/api/config`)).json()) as { sandboxOrigin: string };
  const sandbox = config.sandboxOrigin;
  const { createDefaultProject, createLayer } = await import('@beamstage/layers');
  const base = createDefaultProject({ id: 'proj_1_code' as never, nowMs: 1, name: 'Code' });
  const html = createLayer('html', { id: 'panel' as never, nowMs: 1 });
  const square = createLayer('fragment-shader', { id: 'square' as never, nowMs: 1 });
  const show = {
    ...base,
    metadata: { ...base.metadata, syncEnabled: false },
    canvas: { ...base.canvas, width: 400, height: 300, background: '#000000' },
    layers: [
      {
        ...html,
        x: 200,
        y: 150,
        width: 200,
        height: 150,
        content: { html: '<p>user code</p><script>document.body.dataset.ran = "yes";</script>' },
        properties: { ...html.properties, background: '#00ff00' },
      },
      {
        ...square,
        x: 40,
        y: 40,
        width: 60,
        height: 60,
        content: { ...square.content, fragmentSrc: 'void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }' },
      },
    ],
  };
  const studio = await startHostSite('127.0.0.1');
  const allowed = await startHostSite('127.0.0.1', Number(new URL(allowedOrigin).port));
  site = await startHostSite('127.0.0.1');
  const elsewhere = site;
  try {
    const dist = fileURLToPath(new URL('../../apps/player/dist/', import.meta.url));
    studio.file('/embed/player.js', readFileSync(`${dist}player.js`), 'text/javascript');
    for (const f of readdirSync(`${dist}assets`))
      studio.file(`/embed/assets/${f}`, readFileSync(`${dist}assets/${f}`), f.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
    studio.file('/api/projects/public', JSON.stringify(show), 'application/json');
    studio.file('/api/config', JSON.stringify({ sandboxOrigin: sandbox }), 'application/json');
    const snippet = `<script type="module" src="${studio.origin}/embed/player.js"></script>\n<beamstage-player project="proj_1_code"></beamstage-player>`;
    for (const [host, headers] of [
      [allowed, { 'content-security-policy': hostCsp(studio.origin, sandbox) }],
      [elsewhere, {}],
    ] as const) {
      host.page('/code.html', hostPage('Code', snippet), headers);
      host.file('/host.js', HOST_SCRIPT, 'text/javascript');
      host.file('/host.css', HOST_CSS, 'text/css');
    }
    const frames = (player: Locator) =>
      player.evaluate((el) =>
        Array.from(el.shadowRoot?.querySelectorAll('iframe') ?? []).map((f) => ({
          src: f.src,
          sandbox: f.getAttribute('sandbox'),
          visibility: getComputedStyle(f).visibility,
        })),
      );
    // In the 640x480 box (scale 1.6): the HTML layer's middle, and the red square.
    const look = async (page: Page, player: Locator) => {
      const [middle, corner] = await screenshotPixels(page, await player.screenshot(), [
        { x: 0.4, y: 0.4, w: 0.2, h: 0.2 },
        { x: 0.08, y: 0.1, w: 0.04, h: 0.04 },
      ]);
      return { middle, corner };
    };
    const green = (px: number[] | undefined) => (px?.[1] ?? 0) > 200 && (px?.[0] ?? 255) < 40 && (px?.[2] ?? 255) < 40;
    const red = (px: number[] | undefined) => (px?.[0] ?? 0) > 200 && (px?.[1] ?? 255) < 40;
    const black = (px: number[] | undefined) => (px?.[0] ?? 255) + (px?.[1] ?? 255) + (px?.[2] ?? 255) < 24;

    // The allowed page: the layer runs in a frame of the sandbox origin (opaque: allow-scripts only).
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    const refused: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => /Content Security Policy|Refused to|blocked by CORS/.test(m.text()) && refused.push(m.text()));
    await page.goto(`${allowed.origin}/code.html`);
    const player = page.locator('beamstage-player');
    await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 20_000 }).toEqual(['ready']);
    await expect
      .poll(() => frames(player), { timeout: 20_000 })
      .toEqual([{ src: `${sandbox}/runner.html?parent=${encodeURIComponent(allowed.origin)}`, sandbox: 'allow-scripts', visibility: 'visible' }]);
    await expect
      .poll(
        async () => {
          const l = await look(page, player);
          return green(l.middle) && red(l.corner);
        },
        { message: 'the HTML layer drawn by the sandbox, beside the square', timeout: 20_000 },
      )
      .toBe(true);
    expect(pageErrors).toEqual([]);
    expect(refused).toEqual([]);
    await settledScreenshot(page, 'embed-user-code-allowed');
    await page.close();

    // Any other page: the sandbox will not be framed by it, so the runner never starts. Nothing of the
    // refusal shows (the frame stays unseen until its runner is ready), the rest of the show plays,
    // and after the ready time-out the frame is gone.
    const other = await browser.newPage();
    const otherErrors: string[] = [];
    other.on('pageerror', (e) => otherErrors.push(e.message));
    await other.goto(`${elsewhere.origin}/code.html`);
    const inert = other.locator('beamstage-player');
    await expect.poll(async () => (await events(other)).map((e) => e.type), { timeout: 20_000 }).toEqual(['ready']);
    await expect
      .poll(() => frames(inert), { timeout: 20_000 })
      .toEqual([{ src: `${sandbox}/runner.html?parent=${encodeURIComponent(elsewhere.origin)}`, sandbox: 'allow-scripts', visibility: 'hidden' }]);
    await expect.poll(async () => red((await look(other, inert)).corner), { timeout: 20_000 }).toBe(true);
    const during = await look(other, inert);
    expect(black(during.middle), `nothing of the refused frame shows: ${JSON.stringify(during)}`).toBe(true);
    await settledScreenshot(other, 'embed-user-code-elsewhere');
    await expect.poll(() => frames(inert), { message: 'the refused frame is removed after the ready time-out', timeout: 30_000 }).toEqual([]);
    expect(black((await look(other, inert)).middle)).toBe(true);
    await other.getByRole('button', { name: 'Clicked 0 times' }).click();
    await expect(other.getByRole('button', { name: 'Clicked 1 times' })).toBeVisible();
    expect(otherErrors).toEqual([]);
    await other.close();
  } finally {
    await studio.close();
    await allowed.close();
  }
});

test("embed: the muted attribute mutes the show's video layers, and removing it gives their sound back", async ({ browser }) => {
  // A studio stand-in answering one show with a looping video layer (not muted in the project, volume
  // 1). The gallery has one player with `muted` and one without; every media element the page plays
  // is recorded (the player's videos are its own, never in the page's DOM).
  const recorder = await browser.newPage();
  const webm = await makeWebm(recorder);
  await recorder.close();
  const { createDefaultProject, createLayer } = await import('@beamstage/layers');
  const base = createDefaultProject({ id: 'proj_1_video' as never, nowMs: 1, name: 'Video' });
  const video = createLayer('video', { id: 'clip' as never, nowMs: 1 });
  site = await startHostSite('127.0.0.1');
  const show = {
    ...base,
    metadata: { ...base.metadata, syncEnabled: false },
    canvas: { ...base.canvas, width: 400, height: 300, background: '#000000' },
    layers: [{ ...video, x: 200, y: 150, width: 200, height: 150, content: { ...video.content, src: `${site.origin}/loop.webm`, playing: true, loop: true } }],
  };
  const dist = fileURLToPath(new URL('../../apps/player/dist/', import.meta.url));
  site.file('/embed/player.js', readFileSync(`${dist}player.js`), 'text/javascript');
  for (const f of readdirSync(`${dist}assets`))
    site.file(`/embed/assets/${f}`, readFileSync(`${dist}assets/${f}`), f.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
  site.file('/loop.webm', webm, 'video/webm');
  site.file('/api/projects/public', JSON.stringify(show), 'application/json');
  site.page(
    '/video.html',
    hostPage(
      'Video',
      `<script type="module" src="${site.origin}/embed/player.js"></script>\n<beamstage-player id="quiet" project="proj_1_video" autoplay muted></beamstage-player>\n<beamstage-player id="loud" project="proj_1_video" autoplay></beamstage-player>`,
    ),
  );
  site.file('/host.js', HOST_SCRIPT, 'text/javascript');
  site.file('/host.css', HOST_CSS, 'text/css');
  // A browser that lets a page play sound without a gesture: otherwise Chromium's autoplay policy
  // may refuse the loud player's sound (the stage then mutes it by policy), which is the browser's
  // choice, not the attribute this test is about.
  const soundful = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] });
  const page = await soundful.newPage();
  await page.addInitScript(() => {
    const seen: HTMLMediaElement[] = [];
    (window as unknown as { __media: HTMLMediaElement[] }).__media = seen;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!seen.includes(this)) seen.push(this);
      return play.call(this);
    };
  });
  await page.goto(`${site.origin}/video.html`);
  await expect.poll(async () => (await events(page)).map((e) => e.type), { timeout: 20_000 }).toEqual(['ready', 'ready']);
  // The two players' videos, muted first (which player creates its video first is not promised); the
  // project says not muted, so only the attribute can mute one.
  const states = () =>
    page.evaluate(() =>
      (window as unknown as { __media: HTMLMediaElement[] }).__media
        .map((m) => ({ muted: m.muted, byPolicy: m.dataset['mutedByPolicy'] === '1', playing: !m.paused }))
        .sort((a, b) => Number(b.muted) - Number(a.muted)),
    );
  await expect.poll(states, { message: 'one muted video (the muted player), one with sound', timeout: 20_000 }).toEqual([
    { muted: true, byPolicy: false, playing: true },
    { muted: false, byPolicy: false, playing: true },
  ]);
  await page.locator('#quiet').evaluate((el) => el.removeAttribute('muted'));
  await expect.poll(states, { message: 'removing muted gives the sound back', timeout: 20_000 }).toEqual([
    { muted: false, byPolicy: false, playing: true },
    { muted: false, byPolicy: false, playing: true },
  ]);
  await soundful.close();
});
