import { expect, test } from './testing/test.ts';
import type { Dialog, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeWebm } from './testing/loopback.ts';
import { addLayerFromMenu, newProject, publish, readPixels, settledScreenshot, signUpFresh } from './testing/studio';
import { useOwnStudio } from './testing/own-studio.ts';

// Files, the second half: files dropped anywhere on the editor become assets and layers;
// a project made while the server is away (local_) works in the editor and moves to the server when
// it is back; the api stopped mid-session: editing goes on, media show from the browser's copies,
// and nothing is lost when it comes back.

const SAMPLE = readFileSync(fileURLToPath(new URL('../../apps/editor/public/samples/beamstage-sample.png', import.meta.url)));
/** A 1x1 GIF89a. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
/** Where the sample picture is bright, relative to the centre of a 200x200 layer showing it (files.spec.ts PROBES less the canvas centre). */
const BRIGHT_OFFSET = { x: -70, y: -30 };
const brightness = (px: readonly number[] | undefined) => (px ?? []).slice(0, 3).reduce((a, b) => a + b, 0);
const rows = (page: Page) => page.locator('.layer-list > .layer-row');

interface DropFile {
  name: string;
  type: string;
  b64?: string;
  /** Bytes made in the page instead: a PNG signature followed by this many zero bytes. */
  pngOfBytes?: number;
}

/** Drops files on `selector` at a canvas point (or the element's centre) with real drag events and a DataTransfer of Files. */
async function dropFiles(page: Page, selector: string, files: DropFile[], canvasPoint: { x: number; y: number } | null, hoverOnly = false): Promise<void> {
  const canvasBox = (await page.getByTestId('stage-canvas').boundingBox())!;
  const targetBox = (await page.locator(selector).first().boundingBox())!;
  const client = canvasPoint
    ? { x: canvasBox.x + (canvasPoint.x / 800) * canvasBox.width, y: canvasBox.y + (canvasPoint.y / 600) * canvasBox.height }
    : { x: targetBox.x + targetBox.width / 2, y: targetBox.y + targetBox.height / 2 };
  const dataTransfer = await page.evaluateHandle((list: DropFile[]) => {
    const dt = new DataTransfer();
    for (const f of list) {
      let bytes: Uint8Array<ArrayBuffer>;
      if (f.pngOfBytes !== undefined) {
        bytes = new Uint8Array(8 + f.pngOfBytes);
        bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      } else bytes = Uint8Array.from(atob(f.b64 ?? ''), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  const init = { dataTransfer, clientX: client.x, clientY: client.y };
  await page.dispatchEvent(selector, 'dragenter', init);
  await page.dispatchEvent(selector, 'dragover', init);
  if (!hoverOnly) await page.dispatchEvent(selector, 'drop', init);
}

/** A short WebM recorded in the page (testing/loopback.ts), as base64. */
async function makeWebmBase64(page: Page): Promise<string> {
  return (await makeWebm(page)).toString('base64');
}

async function brightAt(page: Page, centre: { x: number; y: number }): Promise<number> {
  return brightness((await readPixels(page, [{ x: centre.x + BRIGHT_OFFSET.x, y: centre.y + BRIGHT_OFFSET.y }]))[0]);
}

test('files dropped anywhere on the editor upload with progress and become layers where dropped; bad ones say why', async ({ page }) => {
  await signUpFresh(page, 'Drop Mapper');
  await newProject(page);
  // The storage server answers each PUT a moment later, so the progress a person sees is there to see.
  await page.route(/\/(s3|objects|storage)\/|X-Amz-Signature/i, async (route) => {
    if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });

  // Hovering files over the editor shows where they go; nothing is added yet.
  await dropFiles(page, '[data-testid=stage-canvas]', [{ name: 'facade.png', type: 'image/png', b64: SAMPLE.toString('base64') }], { x: 200, y: 200 }, true);
  await expect(page.getByTestId('editor-drop-hint')).toBeVisible();
  await settledScreenshot(page, 'files-drop-hint');

  // One picture on the stage: it lands centred where it was let go.
  const black = await brightAt(page, { x: 200, y: 200 });
  expect(black).toBeLessThan(30);
  await dropFiles(page, '[data-testid=stage-canvas]', [{ name: 'facade.png', type: 'image/png', b64: SAMPLE.toString('base64') }], { x: 200, y: 200 });
  await expect(page.getByTestId('editor-drop-hint')).toHaveCount(0);
  await expect(page.locator('.upload-tray').getByTestId('upload-progress')).toHaveCount(1);
  await settledScreenshot(page, 'files-drop-progress');
  await expect(rows(page)).toHaveCount(1);
  await expect.poll(() => brightAt(page, { x: 200, y: 200 }), { timeout: 30_000 }).toBeGreaterThan(60);

  // Several at once on the layers panel (off the stage): a GIF, a video and a second picture become
  // layers fanned out from the canvas centre; a text file named .png and a picture over the 25 MB
  // limit are refused with their reasons before any upload.
  const webm = await makeWebmBase64(page);
  expect(await brightAt(page, { x: 440, y: 340 })).toBeLessThan(30);
  await dropFiles(
    page,
    '.layers-panel',
    [
      { name: 'sparkle.gif', type: 'image/gif', b64: GIF.toString('base64') },
      { name: 'loop.webm', type: 'video/webm', b64: webm },
      { name: 'notes.png', type: 'image/png', b64: Buffer.from('just some text, not a picture').toString('base64') },
      { name: 'huge.png', type: 'image/png', pngOfBytes: 26 * 1024 * 1024 },
      { name: 'second.png', type: 'image/png', b64: SAMPLE.toString('base64') },
    ],
    null,
  );
  await expect(page.getByText('"notes.png" is not an image or a video the studio can use: drop a PNG, JPEG, GIF, WebP, MP4 or WebM file.')).toBeVisible();
  await expect(page.getByText('File too large: "huge.png" is 26 MB; at most 25 MB for image/png')).toBeVisible();
  await expect(page.locator('.upload-tray').getByTestId('upload-progress')).toHaveCount(3);
  await expect(rows(page)).toHaveCount(4);
  const types = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-layer-type')).sort());
  expect(types).toEqual(['giphy', 'image', 'image', 'video']);
  // The new layers fan out from the canvas centre (the picture two offsets on, the video one; the
  // stage's pixels there were black before); the first picture is still where it was dropped.
  await expect.poll(() => brightAt(page, { x: 440, y: 340 }), { timeout: 30_000 }).toBeGreaterThan(60);
  expect(await brightAt(page, { x: 200, y: 200 })).toBeGreaterThan(60);
  // Three uploads are the project's assets; the refused files never reached the server.
  await page.getByRole('tab', { name: 'Assets' }).click();
  await expect(page.getByTestId('asset-item')).toHaveCount(4);
  await expect(page.getByTestId('assets-panel')).not.toContainText('notes.png');
  await settledScreenshot(page, 'files-drop-done');
});

test('a project made while the server is away works in the editor and moves to the server when it is back', async ({ page }) => {
  await signUpFresh(page, 'Local Mapper');
  await expect(page.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  // The create call cannot reach the server (anything but the plan limit makes a local project).
  await page.route('**/api/projects/create', (route) => route.abort('connectionrefused'));
  await page
    .getByRole('button', { name: /New project|Create your first project/ })
    .first()
    .click();
  await page.waitForURL(/\/editor\/local_\d+$/);
  const localId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  await expect(page.getByText('The server could not be reached: the project is kept in this browser and moves to the server when it is back')).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText('Kept in this browser until the server is back');
  await expect(page.getByTestId('save-status')).toHaveText('Offline (local only)');

  // It edits as any project: a picture, a name; Save keeps it in this browser and says so.
  await addLayerFromMenu(page, 'Add image layer');
  await expect.poll(() => brightAt(page, { x: 400, y: 300 }), { timeout: 30_000 }).toBeGreaterThan(60);
  await page.getByLabel('Project name').fill('Made Offline');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Saved in this browser: this project moves to the server when it is back')).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveText('Offline (local only)');
  // Dropped files cannot be uploaded without the server: said, nothing added.
  await dropFiles(page, '[data-testid=stage-canvas]', [{ name: 'facade.png', type: 'image/png', b64: SAMPLE.toString('base64') }], { x: 100, y: 100 });
  await expect(page.getByText('Uploads need the server: this project is kept in this browser until the server is back')).toBeVisible();
  await settledScreenshot(page, 'files-local-project');

  // A reload (the tab closed and opened again) loses nothing.
  await page.reload();
  await expect(page.getByLabel('Project name')).toHaveValue('Made Offline');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('save-status')).toHaveText('Offline (local only)');

  // The server is back: the project moves to it as a new proj_ project and the editor follows.
  await page.unroute('**/api/projects/create');
  await page.waitForURL(/\/editor\/proj_[^/]+$/, { timeout: 30_000 });
  const serverId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  expect(serverId).not.toBe(localId);
  await expect(page.getByText('"Made Offline" was made offline and is now on the server')).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  await expect(page.getByLabel('Project name')).toHaveValue('Made Offline');
  await expect(rows(page)).toHaveCount(1);
  await expect.poll(() => brightAt(page, { x: 400, y: 300 }), { timeout: 30_000 }).toBeGreaterThan(60);

  // The dashboard lists it once (the local copy is gone, so it is not moved twice).
  await page.goto(new URL('/dashboard', page.url()).toString());
  await expect(page.locator('.project-card')).toHaveCount(1);
  await expect(page.locator(`[data-project-id="${serverId}"]`)).toContainText('Made Offline');
});

test.describe('with its own studio, stopped mid-session', () => {
  const own = useOwnStudio();

  test('the api stops: editing goes on locally with the media from the browser, and the work reaches the server when it is back', async ({ page, request }) => {
    test.setTimeout(300_000);
    await signUpFresh(page, 'Outage Mapper');
    const projectId = await newProject(page);
    await dropFiles(page, '[data-testid=stage-canvas]', [{ name: 'facade.png', type: 'image/png', b64: SAMPLE.toString('base64') }], { x: 400, y: 300 });
    await expect(rows(page)).toHaveCount(1);
    await publish(page);
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 30_000 });
    // The Assets tab says the picture is kept in this browser too.
    await page.getByRole('tab', { name: 'Assets' }).click();
    const asset = page.getByTestId('asset-item');
    await expect(asset.getByTestId('asset-offline')).toBeVisible({ timeout: 30_000 });

    // The api goes away.
    await own.stop();
    // A websocket error: the reason while it retries by itself, and where the changes go meanwhile.
    await expect(page.getByTestId('live-status')).toHaveText('Offline — connection lost, retrying…', { timeout: 30_000 });
    await expect(page.getByTestId('live-status')).toHaveAttribute('title', /Changes are kept on this device/);
    await expect(page.getByTestId('save-status')).toHaveText('Offline (local only)');

    // Edits go on: a new name, and a second layer made from the asset, whose picture can only come
    // from the browser's copy now.
    await page.getByLabel('Project name').fill('Kept Through The Outage');
    await expect.poll(() => brightAt(page, { x: 160, y: 150 })).toBeLessThan(30);
    const canvas = page.getByTestId('stage-canvas');
    const box = (await canvas.boundingBox())!;
    await asset.dragTo(canvas, { targetPosition: { x: (160 / 800) * box.width, y: (150 / 600) * box.height } });
    await expect(page.getByTestId('status-layers')).toHaveText('2 layers');
    await expect.poll(() => brightAt(page, { x: 160, y: 150 }), { timeout: 30_000 }).toBeGreaterThan(60);
    expect(await brightAt(page, { x: 400, y: 300 })).toBeGreaterThan(60);
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Saved in this browser: the server could not be reached. Your work reaches it when it is back')).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText('Offline (local only)');
    await settledScreenshot(page, 'files-api-stopped');

    // The api comes back (same data): the edits made meanwhile reach it and the line says Saved.
    await own.startAgain();
    await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 60_000 });
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 60_000 });
    await expect
      .poll(
        async () => {
          const res = await request.get(`${own.server.url}/api/projects/public?id=${encodeURIComponent(projectId)}`);
          if (!res.ok()) return `HTTP ${res.status()}`;
          const body = (await res.json()) as { metadata?: { name?: string }; layers?: unknown[] };
          return `${body.metadata?.name} with ${body.layers?.length} layers`;
        },
        { timeout: 30_000 },
      )
      .toBe('Kept Through The Outage with 2 layers');
  });
});

test('deleting a project after the re-verification window asks for a fresh sign-in first', async ({ page }) => {
  const email = await signUpFresh(page, 'Careful Mapper');
  await newProject(page);
  await page.getByLabel('Project name').fill('Old Show');
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 30_000 });
  // The browser's clock is moved on past the 60-minute window (moderate) while the test says so.
  await page.addInitScript(() => {
    const real = Date.now.bind(Date);
    Date.now = () => real() + (Number(window.localStorage.getItem('e2e:clock-skew-ms')) || 0);
  });
  await page.goto(new URL('/dashboard', page.url()).toString());
  const card = page.locator('.project-card', { hasText: 'Old Show' });
  await expect(card).toHaveCount(1);
  await page.evaluate(() => window.localStorage.setItem('e2e:clock-skew-ms', String(61 * 60 * 1000)));
  // Every confirmation is recorded and accepted (which one comes when is what the test checks).
  const dialogs: string[] = [];
  const onDialog = (d: Dialog) => {
    dialogs.push(d.message());
    void d.accept();
  };
  page.on('dialog', onDialog);
  await card.getByRole('button', { name: 'Delete' }).click();

  // The provider asks for the password again; nothing is deleted meanwhile.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.evaluate(() => window.localStorage.removeItem('e2e:clock-skew-ms'));
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('warped-surfaces-7781');
  const beforeSignIn = dialogs.length;
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  // Back on the dashboard the delete is asked again, naming the project, and done. (Waited for:
  // an empty card list alone also matches the dashboard still loading.)
  await expect
    .poll(() => dialogs.slice(beforeSignIn).join(' | '), { message: `the delete asked again (dialogs so far: ${JSON.stringify(dialogs)})`, timeout: 30_000 })
    .toContain('Old Show');
  await expect(page.getByText('Project deleted')).toBeVisible();
  await expect(page.locator('.project-card')).toHaveCount(0);
  page.off('dialog', onDialog);

  // A fresh sign-in deletes at once, with only the confirmation.
  await newProjectFromDashboard(page);
});

async function newProjectFromDashboard(page: Page): Promise<void> {
  await newProject(page);
  await page.goto(new URL('/dashboard', page.url()).toString());
  await expect(page.locator('.project-card')).toHaveCount(1);
  page.once('dialog', (d) => void d.accept());
  await page.locator('.project-card').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.project-card')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
}
