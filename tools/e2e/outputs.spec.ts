import { expect, test } from './testing/test.ts';
import type { Browser, Page } from '@playwright/test';
import { useOwnStudio } from './testing/own-studio.ts';
import { addLayerFromMenu, at, maxDifference, newProject, publish, readPixels, screenshotPixels, settledScreenshot, signUpFresh } from './testing/studio.ts';

// Output control from the editor. Two projectors (audience contexts, no session) with
// their own labels appear in the outputs panel; blackout and test patterns sent from the editor
// change what the projector's SCREEN shows (a screenshot, decoded in the page: the overlay sits
// above the WebGL stage, so the stage hook's pixels would not see it) and back; an anonymous socket
// that forges a command in the owner's name is refused by the server while its announcement passes.

type P = { x: number; y: number };

/** Screen pixels (viewport CSS px) of a page, from a real screenshot decoded by the page's own canvas. */
async function screenPixels(page: Page, points: readonly P[]): Promise<number[][]> {
  const { width, height } = page.viewportSize()!;
  const png = await page.screenshot({ animations: 'allow' });
  return screenshotPixels(
    page,
    png,
    points.map((p) => ({ x: p.x / width, y: p.y / height, w: 0, h: 0 })),
  );
}

const dark = (px: readonly number[] | undefined) => !!px && px.slice(0, 3).every((v) => v <= 24);
const near = (px: readonly number[] | undefined, rgb: readonly number[]) => !!px && rgb.every((v, i) => Math.abs((px[i] ?? -99) - v) <= 40);

async function openLabelledProjector(browser: Browser, projectId: string, label: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(at(`/projector/${encodeURIComponent(projectId)}?label=${encodeURIComponent(label)}`));
  await expect(page.locator('#stage')).toHaveAttribute('data-live', 'connected');
  return page;
}

/** Time until a projector's screen pixel satisfies `ok` (polled by screenshots: an upper bound). */
async function until(page: Page, point: P, ok: (px: number[] | undefined) => boolean, what: string): Promise<number> {
  const started = Date.now();
  await expect.poll(async () => ok((await screenPixels(page, [point]))[0]), { message: what, timeout: 10_000, intervals: [50, 100, 250] }).toBe(true);
  return Date.now() - started;
}

test('outputs: projectors listed live, blackout, fade, test patterns, identify, a forged command refused', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpFresh(page, 'Venue Operator');
  const projectId = await newProject(page);
  await addLayerFromMenu(page, 'Add image layer');
  await publish(page);

  const left = await openLabelledProjector(browser, projectId, 'Left wall');
  const right = await openLabelledProjector(browser, projectId, 'Right wall');

  // A lit point of the picture on the wall (the sample image around the project's centre).
  const candidates: P[] = [
    { x: 640, y: 360 },
    { x: 600, y: 320 },
    { x: 680, y: 400 },
    { x: 600, y: 400 },
    { x: 680, y: 320 },
  ];
  await expect
    .poll(async () => (await screenPixels(left, candidates)).some((px) => !dark(px)), { message: 'the picture is on the wall', timeout: 15_000 })
    .toBe(true);
  const lit = candidates[(await screenPixels(left, candidates)).findIndex((px) => !dark(px))]!;

  // Both projectors appear in the outputs panel with their labels.
  await page.getByRole('tab', { name: 'Outputs' }).click();
  const panel = page.getByTestId('outputs-panel');
  await expect(panel.getByTestId('output-item')).toHaveCount(2);
  await expect(panel.locator('[data-label="Left wall"]')).toContainText(/1280×720 · \d+ fps/);
  await expect(panel.locator('[data-label="Right wall"]')).toBeVisible();
  await settledScreenshot(page, 'outputs-panel');

  // Blackout one projector: its screen goes black, the other keeps the picture, the top bar says so.
  const leftRow = panel.locator('[data-label="Left wall"]');
  await leftRow.getByRole('button', { name: 'Blackout', exact: true }).click();
  const blackMs = await until(left, lit, dark, 'Left wall goes black');
  console.log(`blackout reached the left projector's screen within ${blackMs} ms (upper bound: screenshot polling)`);
  expect(dark((await screenPixels(right, [lit]))[0]), 'Right wall keeps the picture').toBe(false);
  await expect(page.getByTestId('outputs-indicator')).toHaveText('1 of 2 outputs blacked out');
  await expect(leftRow).toContainText('Blacked out');
  await settledScreenshot(page, 'outputs-panel-blackout');
  await leftRow.getByRole('button', { name: 'Restore', exact: true }).click();
  await until(left, lit, (px) => !dark(px), 'Left wall shows the picture again');
  await expect(page.getByTestId('outputs-indicator')).toHaveCount(0);

  // B (the registry's blackout all): both black; B again: both back.
  await page
    .locator('body')
    .click({ position: { x: 5, y: 300 } })
    .catch(() => undefined);
  await page.keyboard.press('b');
  await until(left, lit, dark, 'B blacks out the left wall');
  await until(right, lit, dark, 'B blacks out the right wall');
  await expect(page.getByTestId('outputs-indicator')).toHaveText('All outputs blacked out');
  await page.keyboard.press('b');
  await until(right, lit, (px) => !dark(px), 'B again restores the right wall');

  // A fade over 1.5 s: half way through the picture is dimmed but not black yet.
  await panel.getByRole('textbox', { name: 'Fade time in seconds' }).fill('1.5');
  const before = (await screenPixels(left, [lit]))[0]!;
  await leftRow.getByRole('button', { name: 'Fade out' }).click();
  await left.waitForTimeout(500);
  const during = (await screenPixels(left, [lit]))[0]!;
  expect(Math.max(...during.slice(0, 3)), `fading: ${during} dimmer than ${before}`).toBeLessThan(Math.max(...before.slice(0, 3)));
  await until(left, lit, dark, 'the fade ends black');
  await leftRow.getByRole('button', { name: 'Fade in' }).click();
  await until(left, lit, (px) => !dark(px), 'the fade back shows the picture');

  // Test patterns on all outputs, at the output's resolution; each one looked at in a screenshot.
  const all = panel.getByRole('combobox', { name: 'Test pattern on all outputs' });
  await all.selectOption('bars');
  await until(right, { x: 20, y: 360 }, (px) => near(px, [255, 255, 255]), 'colour bars: white on the left');
  const bars = await screenPixels(right, [
    { x: 20, y: 360 },
    { x: 240, y: 360 },
    { x: 560, y: 360 },
    { x: 1260, y: 360 },
  ]);
  expect(near(bars[1], [255, 255, 0]), `yellow bar ${bars[1]}`).toBe(true);
  expect(near(bars[2], [0, 255, 0]), `green bar ${bars[2]}`).toBe(true);
  expect(dark(bars[3]), `black bar ${bars[3]}`).toBe(true);
  await expect(page.getByTestId('outputs-indicator')).toHaveText('Test pattern on 2 outputs');
  await settledScreenshot(right, 'pattern-bars');
  await all.selectOption('white');
  await until(right, { x: 20, y: 20 }, (px) => near(px, [255, 255, 255]), 'solid white');
  await settledScreenshot(right, 'pattern-white');
  await all.selectOption('crosshair');
  await until(right, { x: 640, y: 100 }, (px) => near(px, [255, 255, 255]), 'crosshair: the vertical line through the centre');
  expect(dark((await screenPixels(right, [{ x: 600, y: 100 }]))[0]), 'crosshair: black beside the line').toBe(true);
  await settledScreenshot(right, 'pattern-crosshair');
  await all.selectOption('grid');
  await until(right, { x: 640, y: 200 }, (px) => !dark(px), 'grid: a cell edge on the centre line');
  await settledScreenshot(right, 'pattern-grid');
  await all.selectOption('masks');
  // No mask in this project: the whole canvas is white (the stage draws it), the margins stay black.
  await until(right, { x: 300, y: 100 }, (px) => near(px, [255, 255, 255]), 'white through masks: the canvas is white');
  expect(dark((await screenPixels(right, [{ x: 40, y: 360 }]))[0]), 'white through masks: outside the canvas stays black').toBe(true);
  await settledScreenshot(right, 'pattern-masks');
  await all.selectOption('');
  await until(right, lit, (px) => !dark(px) && !near(px, [255, 255, 255]), 'patterns off: the picture is back');
  await expect(page.getByTestId('outputs-indicator')).toHaveCount(0);

  // Identify: the label big on the wall.
  await leftRow.getByRole('button', { name: 'Identify' }).click();
  await expect(left.locator('.output-identify')).toBeVisible();
  await expect(left.locator('.output-identify')).toHaveText('Left wall');
  await settledScreenshot(left, 'projector-identify');
  await expect(left.locator('.output-identify')).toBeHidden({ timeout: 6_000 });

  // The operator overlay: hidden, H shows it.
  await expect(left.getByTestId('operator-overlay')).toBeHidden();
  await left.keyboard.press('h');
  await expect(left.getByTestId('operator-overlay')).toContainText('connection  connected');
  await expect(left.getByTestId('operator-overlay')).toContainText('label       Left wall');
  await settledScreenshot(left, 'projector-operator-overlay');
  await left.keyboard.press('h');

  // A forged command: an anonymous (read-only) socket announces itself (passes) and sends a
  // blackout in the owner's name (dropped by the server). The projectors stay lit.
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/me', { headers: {} }).catch(() => null);
    return res?.ok ? (((await res.json()) as { id?: string }).id ?? 'usr_owner') : 'usr_owner';
  });
  const forger = await browser.newContext();
  const forgerPage = await forger.newPage();
  await forgerPage.goto(at('/'));
  const sent = await forgerPage.evaluate(
    async ({ projectId, from }) => {
      const enc = (value: unknown): number[] => {
        const head = (major: number, n: number): number[] =>
          n < 24
            ? [(major << 5) | n]
            : n < 256
              ? [(major << 5) | 24, n]
              : n < 65536
                ? [(major << 5) | 25, n >> 8, n & 255]
                : [(major << 5) | 26, (n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];
        if (value === null) return [0xf6];
        if (value === true) return [0xf5];
        if (value === false) return [0xf4];
        if (typeof value === 'number') return head(0, value);
        if (typeof value === 'string') {
          const bytes = Array.from(new TextEncoder().encode(value));
          return [...head(3, bytes.length), ...bytes];
        }
        if (value instanceof Uint8Array) return [...head(2, value.length), ...value];
        if (Array.isArray(value)) return [...head(4, value.length), ...value.flatMap(enc)];
        const entries = Object.entries(value as Record<string, unknown>);
        return [...head(5, entries.length), ...entries.flatMap(([k, v]) => [...enc(k), ...enc(v)])];
      };
      const ticket = (await (
        await fetch('/api/sync/ticket', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ projectId }) })
      ).json()) as { url: string; documentId: string; mode: string };
      const ws = new WebSocket(new URL(ticket.url, location.href).toString().replace(/^http/, 'ws'));
      ws.binaryType = 'arraybuffer';
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
      const senderId = `forger-${Math.random().toString(36).slice(2)}`;
      let count = 0;
      const ephemeral = (payload: unknown) =>
        ws.send(
          new Uint8Array(
            enc({
              type: 'ephemeral',
              senderId,
              targetId: 'server',
              documentId: ticket.documentId,
              count: ++count,
              sessionId: 'forged-session',
              data: new Uint8Array(enc(payload)),
            }),
          ),
        );
      ws.send(new Uint8Array(enc({ type: 'join', senderId, peerMetadata: { isEphemeral: true }, supportedProtocolVersions: ['1'] })));
      await new Promise((r) => setTimeout(r, 300));
      for (let i = 0; i < 4; i++) {
        ephemeral({
          kind: 'projector',
          projectorId: 'forger',
          label: 'Forger',
          width: 640,
          height: 480,
          fps: 60,
          status: 'good',
          blackout: false,
          pattern: null,
          offline: 'off',
          notCached: [],
          version: 'x',
        });
        ephemeral({ kind: 'output', id: `forged-${i}`, from, target: '*', op: 'blackout', on: true, fadeMs: 0 });
        await new Promise((r) => setTimeout(r, 250));
      }
      return { mode: ticket.mode, open: ws.readyState === WebSocket.OPEN };
    },
    { projectId, from: me },
  );
  expect(sent, 'the anonymous socket was read-only and stayed open').toEqual({ mode: 'read-only', open: true });
  // Its announcement went through the same relay (so the socket really reached the room)...
  await expect(panel.locator('[data-label="Forger"]')).toBeVisible();
  // ...and its blackout did not.
  await left.waitForTimeout(500);
  expect(dark((await screenPixels(left, [lit]))[0]), 'the forged blackout is refused: Left wall stays lit').toBe(false);
  expect(dark((await screenPixels(right, [lit]))[0]), 'the forged blackout is refused: Right wall stays lit').toBe(false);
  await expect(left.locator('.output-overlay')).toHaveAttribute('data-black', '0.000');
  await forger.close();
  await left.context().close();
  await right.context().close();
});

test.describe('with its own studio, stopped and started again', () => {
  const own = useOwnStudio();

  test('outputs: a projector that loaded a project still draws it after a reload with the api stopped (service worker), and follows edits when it is back', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await signUpFresh(page, 'Offline Operator');
    const projectId = await newProject(page);
    await addLayerFromMenu(page, 'Add image layer');
    await publish(page);
    const projector = await openLabelledProjector(browser, projectId, 'Offline wall');
    const probes = [
      { x: 350, y: 250 },
      { x: 450, y: 250 },
      { x: 350, y: 350 },
      { x: 450, y: 350 },
      { x: 100, y: 100 },
    ];
    await expect
      .poll(async () => (await readPixels(projector, probes)).slice(0, 4).some((px) => !dark(px)), { message: 'the picture is drawn', timeout: 15_000 })
      .toBe(true);
    const loaded = await readPixels(projector, probes);

    // The editor's outputs panel says when the projector's cache holds everything.
    await page.getByRole('tab', { name: 'Outputs' }).click();
    const badge = page.getByTestId('outputs-panel').locator('[data-label="Offline wall"]');
    await expect(badge).toContainText('Ready offline', { timeout: 30_000 });

    // A live edit after that (the picture moved right): the wall follows, and what is kept for an
    // offline restart is the wall as it is now, not the copy the projector loaded.
    const x = page.getByLabel('X position', { exact: true });
    await page.getByRole('tab', { name: 'Layers' }).click();
    await x.fill('520');
    await x.press('Enter');
    await page.getByRole('tab', { name: 'Outputs' }).click();
    // Not ready while the new state is being kept (the keeper waits 3 s of quiet), then ready again.
    await expect(badge).not.toContainText('Ready offline');
    await expect
      .poll(async () => maxDifference(await readPixels(projector, probes), loaded), { message: 'the projector follows the move', timeout: 15_000 })
      .toBeGreaterThan(100);
    const online = await readPixels(projector, probes);
    await expect(badge).toContainText('Ready offline', { timeout: 30_000 });

    // The api process stops; the projector reloads: the same pixels, from its service worker.
    await own.stop();
    await projector.reload();
    // Polled: on a busy machine the first frame after a reload takes a while to decode and draw.
    let offline: number[][] = [];
    await expect
      .poll(async () => maxDifference((offline = await readPixels(projector, probes)), online), {
        message: 'the reload with the api stopped draws the same pixels as before',
        timeout: 20_000,
      })
      .toBeLessThanOrEqual(8);
    expect(offline.length).toBe(probes.length);
    await settledScreenshot(projector, 'projector-offline-reload');

    // The api starts again (same data): the projector goes live by itself and a new edit arrives.
    await own.startAgain();
    await expect(projector.locator('#stage')).toHaveAttribute('data-live', 'connected', { timeout: 60_000 });
    await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 60_000 });
    await page.getByRole('tab', { name: 'Layers' }).click();
    await x.fill('300');
    await x.press('Enter');
    await expect
      .poll(async () => maxDifference(await readPixels(projector, probes), online), { message: 'an edit after the restart reaches the wall', timeout: 30_000 })
      .toBeGreaterThan(100);
    await expect
      .poll(async () => maxDifference(await readPixels(projector, probes), await readPixels(page, probes)), {
        message: 'editor and wall agree again',
        timeout: 30_000,
      })
      .toBeLessThanOrEqual(24);
    await projector.context().close();
  });
});
