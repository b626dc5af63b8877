import { expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { signUpOverHttp } from './sign-up.ts';

// Shared steps of the editor journeys: each journey signs up its own user (so plan limits and
// projects never leak between journeys), makes a project and reads pixels through the stage hook.

/** The stage's read-only pixel hook (libs/stage test-hook.ts); typed here to keep tools off the app graph. */
interface StageHook {
  readPixels(points: readonly { x: number; y: number }[]): Promise<number[][]>;
  rendererString: string;
}
declare global {
  interface Window {
    __beamstage?: StageHook;
  }
}

export const SCREENSHOTS = fileURLToPath(new URL('../../../artifacts/screenshots/', import.meta.url));
mkdirSync(SCREENSHOTS, { recursive: true });

/** The studio the global setup started. */
export function studioUrl(): string {
  const url = process.env['BEAMSTAGE_URL'];
  if (!url) throw new Error('BEAMSTAGE_URL is not set: the global setup did not start the server');
  return url;
}

export const at = (path: string) => new URL(path, studioUrl()).toString();

/**
 * Signs a brand-new user up and waits for the dashboard (testing/sign-up.ts: over the provider's
 * HTTP endpoints, not its pages, which journey.spec.ts goes through). Returns the e-mail.
 */
export function signUpFresh(page: Page, name = 'Journey Mapper'): Promise<string> {
  return signUpOverHttp(page, new URL(studioUrl()).origin, name);
}

/** "New project" on the dashboard; waits for the editor and its live document. Returns the project id. */
export async function newProject(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  await page
    .getByRole('button', { name: /New project|Create your first project/ })
    .first()
    .click();
  await page.waitForURL(/\/editor\/[^/]+$/);
  const projectId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  return projectId;
}

/** Publishes the open project (realtime on) from the top bar. */
export async function publish(page: Page): Promise<void> {
  const published = page.waitForResponse((r) => r.url().endsWith('/api/projects/publish'));
  await page.getByRole('switch', { name: 'Publish' }).click({ force: true });
  expect((await published).ok(), 'POST /api/projects/publish succeeds').toBe(true);
  await expect(page.getByRole('switch', { name: 'Publish' })).toBeChecked();
}

/** A projector page for a published project, in a context with no session (the audience). */
export async function openProjector(browser: Browser, projectId: string): Promise<Page> {
  const audience = await browser.newContext();
  const projector = await audience.newPage();
  await projector.goto(at(`/projector/${encodeURIComponent(projectId)}`));
  await expect(projector.locator('#stage')).toHaveAttribute('data-live', 'connected');
  return projector;
}

/** Reads canvas pixels (project coordinates) through the stage hook, editor or projector alike. */
export async function readPixels(page: Page, points: readonly { x: number; y: number }[]): Promise<number[][]> {
  await page.waitForFunction(() => window.__beamstage !== undefined, undefined, { timeout: 30_000 });
  return page.evaluate(async (pts) => {
    const hook = window.__beamstage;
    if (!hook) throw new Error('no stage hook');
    return hook.readPixels(pts);
  }, points);
}

/** Screenshots wait for the 150 ms navigation bar to clear, so they show the page at rest. */
export async function settledScreenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await expect(page.locator('.nav-progress--on')).toHaveCount(0);
  // Chromium refuses a capture while a frame of the page is being torn down or its GPU context is
  // coming back ("Unable to capture screenshot"); the picture is for people to look at, so try again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage, animations: 'disabled' });
      return;
    } catch (err) {
      if (attempt >= 5 || !String(err).includes('Unable to capture screenshot')) throw err;
      await page.waitForTimeout(500);
    }
  }
}

/** Largest per-channel difference between two pixel readings. */
export function maxDifference(a: readonly number[][], b: readonly number[][]): number {
  let worst = 0;
  a.forEach((px, i) => {
    for (let c = 0; c < 3; c += 1) worst = Math.max(worst, Math.abs((px[c] ?? -999) - (b[i]?.[c] ?? 999)));
  });
  return worst;
}

/**
 * Adds a layer of the given Add-menu label ('Add image layer', ...) through the top bar. An image
 * opens the Add dialog: unless `keepDialog`, the bundled sample picture is chosen there, so journeys
 * that just need a picture get one in a step.
 */
export async function addLayerFromMenu(page: Page, item: string, options: { keepDialog?: boolean } = {}): Promise<void> {
  await page.getByRole('button', { name: '+ Add' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  if (item === 'Add image layer' && !options.keepDialog) {
    await page.getByTestId('add-layer-dialog').getByRole('button', { name: 'Use the sample picture' }).click();
    await expect(page.getByTestId('add-layer-dialog')).toHaveCount(0);
  }
}

/**
 * The first lit pixel's x on row `y` of a page's stage (editor or projector), through the stage
 * hook: a coarse pass every 16 px, then the pixel; -1 when nothing on the row is lit. Journeys use it
 * to follow a picture's left edge across a move, a fade or a transition.
 */
export async function litEdge(page: Page, y: number): Promise<number> {
  return page.evaluate(async (row) => {
    const hook = window.__beamstage!;
    const bright = (p: number[] | undefined) => (p ? p[0]! + p[1]! + p[2]! : 0);
    const coarse = await hook.readPixels(Array.from({ length: 50 }, (_, i) => ({ x: i * 16, y: row })));
    const first = coarse.findIndex((p) => bright(p) > 30);
    if (first < 0) return -1;
    const from = Math.max(0, (first - 1) * 16);
    const fine = await hook.readPixels(Array.from({ length: 17 }, (_, i) => ({ x: from + i, y: row })));
    return from + fine.findIndex((p) => bright(p) > 30);
  }, y);
}

/** A region of an image as fractions of its width and height (w = h = 0: one pixel). */
export interface ImageRegion {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The brightest pixel (largest r+g+b) of each region of a PNG screenshot, as [r, g, b, a], decoded
 * by the page's own canvas: what a user sees, overlays included (the stage hook reads only WebGL).
 */
export async function screenshotPixels(page: Page, png: Buffer, regions: readonly ImageRegion[]): Promise<number[][]> {
  return page.evaluate(
    async ({ b64, rects }) => {
      // A Blob, not a data: fetch (the projector's CSP allows no such connection).
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(bitmap, 0, 0);
      return rects.map((r) => {
        const x = Math.min(bitmap.width - 1, Math.round(r.x * bitmap.width));
        const y = Math.min(bitmap.height - 1, Math.round(r.y * bitmap.height));
        const d = ctx.getImageData(x, y, Math.max(1, Math.round(r.w * bitmap.width)), Math.max(1, Math.round(r.h * bitmap.height))).data;
        let best = 0;
        for (let i = 4; i < d.length; i += 4) if (d[i]! + d[i + 1]! + d[i + 2]! > d[best]! + d[best + 1]! + d[best + 2]!) best = i;
        return Array.from(d.subarray(best, best + 4));
      });
    },
    { b64: png.toString('base64'), rects: regions },
  );
}
