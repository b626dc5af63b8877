import { chromium, type Page } from '@playwright/test';
import { expect, test } from './testing/test.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/chromium.ts';
import { startServer, type StartedServer } from './testing/server.ts';
import { addLayerFromMenu, maxDifference, newProject, openProjector, publish, readPixels, settledScreenshot, signUpFresh } from './testing/studio.ts';

// Projector-level calibration: the project's output warp (a corner pin over the whole
// output) is dragged and nudged from the editor's stage in calibration mode, and the projector's
// pixels move where the homography says. The canvas background is white, so the wall is white
// exactly inside the warped canvas rectangle and black around it: a probe just inside and just
// outside each predicted edge tells whether the projector drew the same warp the editor computed.

type P = { x: number; y: number };
const REFERENCE: P[] = [
  { x: 200, y: 150 },
  { x: 600, y: 150 },
  { x: 600, y: 450 },
  { x: 200, y: 450 },
];

/** The homography taking REFERENCE to `to` (the same maths as libs/render-core, written out here independently). */
function homography(to: readonly P[]): (p: P) => P {
  const square = (q: readonly P[]) => {
    const [p0, p1, p2, p3] = q as [P, P, P, P];
    const dx1 = p1.x - p2.x,
      dx2 = p3.x - p2.x,
      dx3 = p0.x - p1.x + p2.x - p3.x;
    const dy1 = p1.y - p2.y,
      dy2 = p3.y - p2.y,
      dy3 = p0.y - p1.y + p2.y - p3.y;
    const den = dx1 * dy2 - dx2 * dy1;
    const g = (dx3 * dy2 - dx2 * dy3) / den,
      h = (dx1 * dy3 - dx3 * dy1) / den;
    return [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x, p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1];
  };
  const inv = (m: number[]) => {
    const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
    const A = e * i - f * h,
      B = -(d * i - f * g),
      C = d * h - e * g;
    const s = 1 / (a * A + b * B + c * C);
    return [
      A * s,
      -(b * i - c * h) * s,
      (b * f - c * e) * s,
      B * s,
      (a * i - c * g) * s,
      -(a * f - c * d) * s,
      C * s,
      -(a * h - b * g) * s,
      (a * e - b * d) * s,
    ];
  };
  const mul = (x: number[], y: number[]) =>
    [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => x[r * 3]! * y[c]! + x[r * 3 + 1]! * y[3 + c]! + x[r * 3 + 2]! * y[6 + c]!));
  const m = mul(square(to), inv(square(REFERENCE)));
  return (p) => {
    const w = m[6]! * p.x + m[7]! * p.y + m[8]!;
    return { x: (m[0]! * p.x + m[1]! * p.y + m[2]!) / w, y: (m[3]! * p.x + m[4]! * p.y + m[5]!) / w };
  };
}

/**
 * Probes around the warped canvas: for each canvas corner, a point a few pixels inside the warped
 * canvas (white) and one a few pixels outside it (black), both in output (projector canvas) pixels.
 */
function probes(warp: readonly P[]): { inside: P[]; outside: P[] } {
  const h = homography(warp);
  const corners = [
    { x: 0, y: 0 },
    { x: 800, y: 0 },
    { x: 800, y: 600 },
    { x: 0, y: 600 },
  ].map(h);
  const centre = h({ x: 400, y: 300 });
  const along = (p: P, k: number) => {
    const dx = p.x - centre.x,
      dy = p.y - centre.y,
      len = Math.hypot(dx, dy);
    return { x: p.x + (dx / len) * k, y: p.y + (dy / len) * k };
  };
  const onCanvas = (p: P) => p.x >= 1 && p.y >= 1 && p.x <= 798 && p.y <= 598;
  return { inside: corners.map((c) => along(c, -6)).filter(onCanvas), outside: corners.map((c) => along(c, 6)).filter(onCanvas) };
}

const white = (px: readonly number[] | undefined) => !!px && px.slice(0, 3).every((v) => v >= 230);
const black = (px: readonly number[] | undefined) => !!px && px.slice(0, 3).every((v) => v <= 25);

/** True when the page's stage canvas shows `warp`: white inside every probe, black outside. */
async function showsWarp(page: Page, warp: readonly P[]): Promise<boolean> {
  const { inside, outside } = probes(warp);
  const px = await readPixels(page, [...inside, ...outside]);
  return px.slice(0, inside.length).every(white) && px.slice(inside.length).every(black) && outside.length > 0;
}

/** The output corner handle's centre in page coordinates (from the overlay it is drawn in). */
async function cornerOnPage(page: Page, index: number): Promise<P> {
  const area = await page.getByTestId('stage-area').boundingBox();
  const g = page.locator(`[data-output-corner="${index}"]`);
  const x = Number(await g.getAttribute('data-x'));
  const y = Number(await g.getAttribute('data-y'));
  return { x: area!.x + x, y: area!.y + y };
}

test('calibration: dragging and nudging the output warp moves the projector pixels where the homography says; undo puts them back', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpFresh(page, 'Venue Calibrator');
  const projectId = await newProject(page);
  // A white canvas: the wall is white exactly where the warped canvas lands.
  const bg = page.getByRole('textbox', { name: 'Background value' });
  await bg.fill('#ffffff');
  await bg.press('Enter');
  await publish(page);
  const projector = await openProjector(browser, projectId);
  await expect
    .poll(async () => white((await readPixels(projector, [{ x: 3, y: 3 }]))[0]), { message: 'the white canvas fills the wall', timeout: 15_000 })
    .toBe(true);

  // Calibration mode from the outputs panel: the output quad's handles appear on the stage.
  await page.getByRole('tab', { name: 'Outputs' }).click();
  await page.getByTestId('output-calibration').getByRole('button', { name: 'Calibrate output warp' }).click();
  await expect(page.getByTestId('output-warp-overlay')).toBeVisible();
  const zoom = Number(await page.getByTestId('stage-area').getAttribute('data-zoom'));

  // Drag the top-left output corner by (+60, +45) output px with real pointer events.
  const from = await cornerOnPage(page, 0);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(from.x + (60 * zoom * i) / 6, from.y + (45 * zoom * i) / 6);
  await page.mouse.up();
  const corners = page.getByTestId('output-calibration');
  await expect(corners.getByRole('textbox', { name: 'Output corner 1 x' })).not.toHaveValue('200');
  const dragged: P[] = [
    {
      x: Number(await corners.getByRole('textbox', { name: 'Output corner 1 x' }).inputValue()),
      y: Number(await corners.getByRole('textbox', { name: 'Output corner 1 y' }).inputValue()),
    },
    REFERENCE[1]!,
    REFERENCE[2]!,
    REFERENCE[3]!,
  ];
  expect(Math.abs(dragged[0]!.x - 260)).toBeLessThanOrEqual(1);
  expect(Math.abs(dragged[0]!.y - 195)).toBeLessThanOrEqual(1);
  await expect.poll(() => showsWarp(projector, dragged), { message: 'the projector shows the dragged output warp', timeout: 15_000 }).toBe(true);
  await expect.poll(() => showsWarp(page, dragged), { message: "the editor's stage draws the same warp", timeout: 15_000 }).toBe(true);
  await settledScreenshot(page, 'calibration-editor');
  await settledScreenshot(projector, 'calibration-projector');

  // Nudge the picked corner (the dragged one) with the arrows: Shift+ArrowRight twice is 20 px.
  await page.getByTestId('stage-area').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  const nudged = [{ x: dragged[0]!.x + 20, y: dragged[0]!.y + 1 }, ...dragged.slice(1)];
  await expect(corners.getByRole('textbox', { name: 'Output corner 1 x' })).toHaveValue(String(nudged[0]!.x));
  await expect.poll(() => showsWarp(projector, nudged), { message: 'the projector follows the nudge', timeout: 15_000 }).toBe(true);

  // The run of nudges is one undo step: one Ctrl+Z goes back to the dragged warp, another to the default.
  await page.keyboard.press('Control+z');
  await expect.poll(() => showsWarp(projector, dragged), { message: 'undo of the nudges reaches the projector', timeout: 15_000 }).toBe(true);
  await page.keyboard.press('Control+z');
  await expect
    .poll(async () => white((await readPixels(projector, [{ x: 3, y: 3 }]))[0]), {
      message: 'undo of the drag: the canvas fills the wall again',
      timeout: 15_000,
    })
    .toBe(true);

  // Leaving calibration mode takes the output handles off the stage.
  await page.getByTestId('output-calibration').getByRole('button', { name: 'Calibrate output warp' }).click();
  await expect(page.getByTestId('output-warp-overlay')).toHaveCount(0);
  await projector.context().close();
});

test('same machine: an editor and a projector in one browser profile follow each other over BroadcastChannel with the server stopped', async ({ page }) => {
  test.setTimeout(240_000);
  // A studio of this test's own: it is stopped halfway.
  const server = await startServer();
  try {
    await sameMachine(page, server);
  } finally {
    await server.stop();
  }
});

async function sameMachine(page: Page, server: StartedServer): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.locator('input[name=name]').fill('Local Screen');
  await page.locator('input[name=email]').fill(`local-${Date.now()}@example.test`);
  await page.locator('input[name=password]').fill('warped-surfaces-7781');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const projectId = await newProject(page);
  const bg = page.getByRole('textbox', { name: 'Background value' });
  await bg.fill('#ffffff');
  await bg.press('Enter');
  await publish(page);
  // The projector in the editor's own profile (a second window on this machine), opened anonymously.
  const projector = await page.context().newPage();
  await projector.goto(`${server.url}/projector/${encodeURIComponent(projectId)}?label=Local%20screen`);
  await expect(projector.locator('#stage')).toHaveAttribute('data-live', 'connected');
  await expect
    .poll(async () => white((await readPixels(projector, [{ x: 3, y: 3 }]))[0]), { message: 'the white canvas fills the wall', timeout: 15_000 })
    .toBe(true);
  await page.getByRole('tab', { name: 'Outputs' }).click();
  await expect(page.getByTestId('outputs-panel').locator('[data-label="Local screen"]')).toBeVisible();

  // The server goes away: nothing can carry anything between the pages but the browser itself.
  await server.stop();
  await expect(projector.locator('#stage')).not.toHaveAttribute('data-live', 'connected', { timeout: 30_000 });
  await expect(page.getByTestId('live-status')).not.toHaveText('Live', { timeout: 30_000 });

  // A corner drag of the output warp reaches the local projector.
  await page.getByTestId('output-calibration').getByRole('button', { name: 'Calibrate output warp' }).click();
  const zoom = Number(await page.getByTestId('stage-area').getAttribute('data-zoom'));
  const from = await cornerOnPage(page, 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(from.x - (50 * zoom * i) / 5, from.y - (40 * zoom * i) / 5);
  const corners = page.getByTestId('output-calibration');
  const live = async (): Promise<P[]> => {
    const read = async (n: number, axis: 'x' | 'y') => Number(await corners.getByRole('textbox', { name: `Output corner ${n} ${axis}` }).inputValue());
    return [REFERENCE[0]!, REFERENCE[1]!, { x: await read(3, 'x'), y: await read(3, 'y') }, REFERENCE[3]!];
  };
  // Mid-drag (nothing committed yet) the projector already shows the dragged corner: drag frames came over BroadcastChannel.
  const midDrag: P[] = [REFERENCE[0]!, REFERENCE[1]!, { x: 550, y: 410 }, REFERENCE[3]!];
  await expect.poll(() => showsWarp(projector, midDrag), { message: 'the local projector follows the drag with no server', timeout: 15_000 }).toBe(true);
  await page.mouse.up();
  await expect.poll(async () => (await live())[2]!.x, { timeout: 10_000 }).toBeLessThan(560);
  const committed = await live();
  await expect.poll(() => showsWarp(projector, committed), { message: 'the committed warp stays on the local projector', timeout: 15_000 }).toBe(true);

  // An output command (the B key: blackout all) reaches it too.
  await page.getByTestId('stage-area').focus();
  await page.keyboard.press('b');
  const inside = probes(committed).inside[0]!;
  await expect
    .poll(async () => black((await readPixels(projector, [inside]))[0]) || (await projector.locator('.output-black').isVisible()), {
      message: 'the blackout reaches the local projector',
      timeout: 15_000,
    })
    .toBe(true);
  await settledScreenshot(page, 'same-machine-editor-server-stopped');
}

test('display chooser: "Open projector on display…" lists the machine\'s displays and opens the projector on the chosen one; refused permission is said clearly', async () => {
  test.setTimeout(180_000);
  // A venue machine with two displays: headless Chromium's --screen-info gives the browser a main
  // screen and a projector screen to the right of it (a browser of its own, so no other journey
  // runs with two screens).
  const venue = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--screen-info={0,0 1440x900}{1440,0 1920x1080}'] });
  try {
    const context = await venue.newContext({ viewport: { width: 1440, height: 900 } });
    const editor = await context.newPage();
    await signUpFresh(editor, 'Display Chooser');
    const projectId = await newProject(editor);
    await publish(editor);
    await editor.getByRole('tab', { name: 'Outputs' }).click();
    const chooser = editor.getByTestId('display-chooser');
    const message = chooser.getByRole('status');

    // First without the permission (the browser's default here refuses it): the operator is told why and what to do.
    await chooser.getByRole('button', { name: 'Open projector on display…' }).click();
    await expect(message).toContainText('the window management permission was refused');

    // The operator allows "manage windows on all your displays" (CDP names it; Playwright has no name for it).
    const cdp = await context.newCDPSession(editor);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.grantPermissions', {
      permissions: ['windowManagement'],
      origin: new URL(editor.url()).origin,
      browserContextId: targetInfo.browserContextId,
    });
    await chooser.getByRole('button', { name: 'Open projector on display…' }).click();
    const displays = chooser.getByRole('list', { name: 'Displays' });
    await expect(displays.getByRole('button')).toHaveCount(2);
    await expect(displays.getByRole('button').nth(1)).toContainText('1920×1080');
    await settledScreenshot(editor, 'display-chooser');

    // The second display: the projector opens there, labelled after it, and goes fullscreen on it
    // (at once, or after the operator's click where the browser wants a gesture in the new window).
    const second = displays.getByRole('button').nth(1);
    const label = ((await second.textContent()) ?? '').split(' · ')[0]!.trim();
    const popupPromise = editor.waitForEvent('popup');
    await second.click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(url.pathname).toBe(`/projector/${projectId}`);
    expect(url.searchParams.get('label')).toBe(label);
    expect(url.searchParams.get('fullscreen')).toBe('1');
    const startButton = popup.getByRole('button', { name: 'Click to start the projector' });
    await expect
      .poll(async () => (await popup.evaluate(() => !!document.fullscreenElement)) || (await startButton.isVisible()), {
        message: 'fullscreen, or the click it needs',
      })
      .toBe(true);
    if (await startButton.isVisible()) await startButton.click();
    const placed = () =>
      popup.evaluate(() => ({ fullscreen: !!document.fullscreenElement, left: window.screenX, width: window.innerWidth, height: window.innerHeight }));
    await expect.poll(placed, { message: 'the projector fills the second display' }).toEqual({ fullscreen: true, left: 1440, width: 1920, height: 1080 });
    await settledScreenshot(popup, 'display-chooser-projector');
  } finally {
    await venue.close();
  }
});

test('nudge all layers: the projector got bumped, every layer moves together on the wall, and undo puts them back', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signUpFresh(page, 'Venue Nudger');
  const projectId = await newProject(page);
  // Two sample pictures side by side: A centred at (400, 300), B moved to (200, 300) from the inspector.
  await addLayerFromMenu(page, 'Add image layer');
  await addLayerFromMenu(page, 'Add image layer');
  await page.getByLabel('X position', { exact: true }).fill('200');
  await page.getByLabel('X position', { exact: true }).press('Enter');
  await publish(page);
  const projector = await openProjector(browser, projectId);
  // Probes just right of a colour boundary (A's and B's middle, B's left edge): a shift of 31 px
  // changes what each shows, and the picture 31 px right of each shows what it showed before.
  const probes: P[] = [
    { x: 405, y: 250 },
    { x: 405, y: 350 },
    { x: 205, y: 250 },
    { x: 205, y: 350 },
    { x: 105, y: 250 },
  ];
  const shifted = probes.map((p) => ({ x: p.x + 31, y: p.y }));
  await expect
    .poll(async () => maxDifference(await readPixels(projector, probes), await readPixels(page, probes)), {
      message: 'the projector shows both pictures',
      timeout: 15_000,
    })
    .toBeLessThanOrEqual(24);
  const before = await readPixels(projector, probes);
  expect(
    before.every((px) => !black(px)),
    'every probe is on a picture',
  ).toBe(true);

  // From the outputs panel: Ctrl+Shift+Right three times (10 px each) and the "→" button (1 px).
  await page.getByRole('tab', { name: 'Outputs' }).click();
  await page.getByTestId('stage-area').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Shift+ArrowRight');
  await page.getByRole('group', { name: 'Nudge all layers' }).getByRole('button', { name: /right/ }).click();
  await expect
    .poll(async () => maxDifference(await readPixels(projector, shifted), before), { message: 'both pictures moved 31 px right on the wall', timeout: 15_000 })
    .toBeLessThanOrEqual(24);
  expect(maxDifference(await readPixels(projector, probes), before), 'the probes themselves show something else now').toBeGreaterThan(100);
  await settledScreenshot(projector, 'nudge-all-projector');

  // The selected picture's inspector says where it is now: B at 200 + 31.
  const x = page.getByLabel('X position', { exact: true });
  await expect(x).toHaveValue('231');
  // Undo takes the nudges back (a press per undo step, at most one per nudge), B back at 200.
  await page.getByTestId('stage-area').focus();
  for (let i = 0; i < 4 && (await x.inputValue()) !== '200'; i++) {
    const was = await x.inputValue();
    await page.keyboard.press('Control+z');
    await expect(x).not.toHaveValue(was);
  }
  await expect(x).toHaveValue('200');
  await expect
    .poll(async () => maxDifference(await readPixels(projector, probes), before), { message: 'undo puts every layer back', timeout: 15_000 })
    .toBeLessThanOrEqual(24);
  await projector.context().close();
});
