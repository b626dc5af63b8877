import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { addLayerFromMenu, at, maxDifference, newProject, openProjector, publish, readPixels, settledScreenshot, signUpFresh } from './testing/studio.ts';

// The stage tools as a user drives them with the mouse. Every drag is checked on
// the PROJECTOR's pixels (another browser context, following the live document), and the document
// values through the public route.

type P = { x: number; y: number };
interface PublicLayer {
  name: string;
  x: number;
  y: number;
  rotation: number;
  scale: { x: number; y: number };
  warp: { enabled: boolean; points: P[]; meshEnabled: boolean; meshPoints: P[] };
}

/** The sample image's top-left quadrant colour (violet) and how close a pixel must be to count. */
const VIOLET = [124, 92, 255];
const COLOUR_TOLERANCE = 40;
const isViolet = (px: readonly number[] | undefined) => !!px && px.slice(0, 3).every((v, i) => Math.abs(v - VIOLET[i]!) <= COLOUR_TOLERANCE);
const isDark = (px: readonly number[] | undefined) => !!px && px.slice(0, 3).every((v) => v <= 30);

/** Canvas (800x600) to page coordinates, through the canvas's box as the stage zoom and pan place it. */
async function canvasToPage(page: Page): Promise<(p: P) => P> {
  const box = await page.getByTestId('stage-canvas').boundingBox();
  if (!box) throw new Error('the stage canvas has no box');
  return (p) => ({ x: box.x + (p.x / 800) * box.width, y: box.y + (p.y / 600) * box.height });
}

async function drag(page: Page, from: P, to: P, hold?: () => Promise<void>): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  if (hold) await hold();
  await page.mouse.up();
}

test('stage tools: move a layer, pin a corner with snapping, drag a mesh point, zoom and fit, scale, rotate, undo', async ({ page, browser }) => {
  await signUpFresh(page, 'Stage Tools Mapper');
  const projectId = await newProject(page);
  const layersOnServer = async (): Promise<PublicLayer[]> => {
    const reply = await page.request.get(at(`/api/projects/public?id=${encodeURIComponent(projectId)}`));
    return ((await reply.json()) as { layers: PublicLayer[] }).layers;
  };
  const layerOnServer = async (name: string) => (await layersOnServer()).find((l) => l.name === name);

  // Image 1 is the 200x200 sample at the canvas centre: (300,200)-(500,400), violet top-left.
  await addLayerFromMenu(page, 'Add image layer');
  await expect(page.locator('.layer-row')).toHaveCount(1);
  await publish(page);
  const projector = await openProjector(browser, projectId);
  await expect
    .poll(async () => isViolet((await readPixels(projector, [{ x: 330, y: 270 }]))[0]), { message: 'the projector shows Image 1', timeout: 20_000 })
    .toBe(true);

  // 1. Drag the layer's body 250 canvas px to the left: the projector's pixels follow.
  let toPage = await canvasToPage(page);
  await drag(page, toPage({ x: 420, y: 330 }), toPage({ x: 170, y: 330 }));
  await expect.poll(async () => (await layerOnServer('Image 1'))?.x, { message: 'the move is committed', timeout: 10_000 }).toBeLessThan(160);
  const moved = (await layerOnServer('Image 1'))!;
  expect(moved.x).toBeGreaterThan(140);
  // Its warp points moved with it.
  expect(moved.warp.points[0]!.x).toBeCloseTo(moved.x - 100, 1);
  await expect
    .poll(
      async () => {
        const [was, now] = await readPixels(projector, [
          { x: 330, y: 270 },
          { x: moved.x - 70, y: 270 },
        ]);
        return isDark(was) && isViolet(now);
      },
      { message: 'the projector shows Image 1 moved left', timeout: 10_000 },
    )
    .toBe(true);

  // 2. Image 2 at the centre; put Image 1 exactly at x = 150 (right edge 250) with the inspector... no:
  //    pin Image 2's top-left corner near Image 1's top-right corner and let it snap.
  await addLayerFromMenu(page, 'Add image layer');
  await expect(page.locator('.layer-row')).toHaveCount(2);
  const target = moved.warp.points[1]!; // Image 1's top-right corner
  toPage = await canvasToPage(page);
  const cornerFrom = toPage({ x: 300, y: 200 });
  const near = toPage({ x: target.x + 3, y: target.y + 3 }); // about 4 canvas px away: within 8 screen px
  await drag(page, cornerFrom, near, async () => {
    await expect(page.getByTestId('stage-loupe')).toBeVisible();
    await expect(page.getByTestId('snap-indicator')).toBeVisible();
    await settledScreenshot(page, 'stage-tools-loupe');
  });
  await expect(page.getByTestId('stage-loupe')).toHaveCount(0);
  await expect
    .poll(async () => (await layerOnServer('Image 2'))?.warp.points[0], { message: 'the corner snapped to Image 1 corner', timeout: 10_000 })
    .toEqual({ x: target.x, y: target.y });
  // The projector shows Image 2 stretched left to the snapped corner: (target.x + 25, 215) was background.
  await expect
    .poll(async () => isViolet((await readPixels(projector, [{ x: target.x + 25, y: 215 }]))[0]), {
      message: 'the projector shows the pinned corner',
      timeout: 10_000,
    })
    .toBe(true);
  await settledScreenshot(page, 'stage-tools-handles');

  // 3. A 4x4 mesh on Image 2 (the palette runs the registry's 'Mesh warp on or off'), then drag an inner point.
  await page.keyboard.press('Control+k');
  await page.getByRole('textbox', { name: 'Command' }).fill('Mesh warp');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-mesh-point]')).toHaveCount(16);
  await expect.poll(async () => (await layerOnServer('Image 2'))?.warp.meshPoints.length, { timeout: 10_000 }).toBe(16);
  const probes = Array.from({ length: 25 }, (_, i) => ({ x: 300 + (i % 5) * 20, y: 230 + Math.floor(i / 5) * 20 }));
  const beforeMesh = await readPixels(projector, probes);
  const inner = page.locator('[data-mesh-point="5"]');
  const area = (await page.getByTestId('stage-area').boundingBox())!;
  const ix = area.x + Number(await inner.getAttribute('data-x'));
  const iy = area.y + Number(await inner.getAttribute('data-y'));
  const meshBefore = (await layerOnServer('Image 2'))!.warp.meshPoints[5]!;
  await drag(page, { x: ix, y: iy }, { x: ix + 45, y: iy + 35 }, async () => {
    await expect(page.getByTestId('stage-loupe')).toBeVisible();
    await settledScreenshot(page, 'stage-tools-mesh-drag');
  });
  await expect
    .poll(async () => (await layerOnServer('Image 2'))?.warp.meshPoints[5]?.x, { message: 'the mesh point is committed', timeout: 10_000 })
    .toBeGreaterThan(meshBefore.x + 20);
  await expect
    .poll(async () => maxDifference(await readPixels(projector, probes), beforeMesh), { message: 'the projector shows the bent mesh', timeout: 10_000 })
    .toBeGreaterThan(60);
  await settledScreenshot(page, 'stage-tools-mesh');

  // 4. The wheel zooms about the pointer (the canvas point under it stays), Ctrl+0 fits again.
  const zoomText = page.getByTestId('status-zoom');
  const fitted = await zoomText.textContent();
  const fittedBox = (await page.getByTestId('stage-canvas').boundingBox())!;
  const pointer = toPage({ x: 600, y: 150 });
  await page.mouse.move(pointer.x, pointer.y);
  await page.mouse.wheel(0, -400);
  await expect(zoomText).not.toHaveText(fitted ?? '');
  const zoomedBox = (await page.getByTestId('stage-canvas').boundingBox())!;
  expect(zoomedBox.width).toBeGreaterThan(fittedBox.width * 1.3);
  const under = (b: typeof fittedBox) => ({ x: ((pointer.x - b.x) / b.width) * 800, y: ((pointer.y - b.y) / b.height) * 600 });
  expect(under(zoomedBox).x).toBeCloseTo(600, 0);
  expect(under(zoomedBox).y).toBeCloseTo(150, 0);
  await settledScreenshot(page, 'stage-tools-zoomed');

  // Space-drag pans the view by the pointer's offset and moves no layer; a middle-button drag too.
  const panStart = { x: area.x + area.width - 60, y: area.y + 60 };
  const imageOneBefore = (await layerOnServer('Image 1'))!;
  const imageTwoBefore = (await layerOnServer('Image 2'))!;
  await page.keyboard.down('Space');
  await drag(page, panStart, { x: panStart.x - 120, y: panStart.y + 80 });
  await page.keyboard.up('Space');
  const panned = (await page.getByTestId('stage-canvas').boundingBox())!;
  expect(panned.x - zoomedBox.x).toBeCloseTo(-120, 0);
  expect(panned.y - zoomedBox.y).toBeCloseTo(80, 0);
  await page.mouse.move(panStart.x, panStart.y);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(panStart.x + 30, panStart.y - 20, { steps: 5 });
  await page.mouse.move(panStart.x + 60, panStart.y - 40, { steps: 5 });
  await page.mouse.up({ button: 'middle' });
  const middlePanned = (await page.getByTestId('stage-canvas').boundingBox())!;
  expect(middlePanned.x - panned.x).toBeCloseTo(60, 0);
  expect(middlePanned.y - panned.y).toBeCloseTo(-40, 0);
  expect(await layerOnServer('Image 1'), 'panning moved no layer').toEqual(imageOneBefore);
  expect(await layerOnServer('Image 2'), 'panning moved no layer').toEqual(imageTwoBefore);
  await page.keyboard.press('Control+0');
  await expect(zoomText).toHaveText(fitted ?? '');
  const refitted = (await page.getByTestId('stage-canvas').boundingBox())!;
  expect(Math.abs(refitted.width - fittedBox.width)).toBeLessThan(1);
  expect(Math.abs(refitted.x - fittedBox.x)).toBeLessThan(1);

  // 5. Rotate Image 1 by its rotation handle, Shift snapping to 90 degrees: its violet quadrant turns
  //    from the top-left to the top-right on the projector.
  toPage = await canvasToPage(page);
  await page.mouse.click(toPage({ x: moved.x - 50, y: 350 }).x, toPage({ x: moved.x - 50, y: 350 }).y);
  await expect(page.getByTestId('status-selection')).toHaveText('Image 1');
  // 5a. Scale Image 1 by its bottom-right corner handle, 1.5 times about its centre: the projector
  //     shows its violet quadrant where the background was, left of the old edge.
  const corners = page.locator('[data-handle="scale-xy"]');
  await expect(corners).toHaveCount(4);
  const cornerHandles = await Promise.all(
    (await corners.all()).map(async (h) => ({ x: area.x + Number(await h.getAttribute('data-x')), y: area.y + Number(await h.getAttribute('data-y')) })),
  );
  const grab = cornerHandles.reduce((a, b) => (b.x + b.y > a.x + a.y ? b : a));
  const middle = toPage({ x: moved.x, y: 300 });
  // Left of the old left edge, clear of the picture's diagonal line and ring.
  const beyondOldCorner = { x: moved.x - 135, y: 240 };
  expect(isDark((await readPixels(projector, [beyondOldCorner]))[0]), 'the background is there before scaling').toBe(true);
  await drag(page, grab, { x: middle.x + (grab.x - middle.x) * 1.5, y: middle.y + (grab.y - middle.y) * 1.5 });
  await expect.poll(async () => (await layerOnServer('Image 1'))?.scale.x, { message: 'the scale is committed', timeout: 10_000 }).toBeGreaterThan(1.4);
  const scaled = (await layerOnServer('Image 1'))!;
  expect(scaled.scale.x).toBeCloseTo(1.5, 1);
  expect(scaled.scale.y).toBeCloseTo(scaled.scale.x, 3);
  await expect
    .poll(async () => isViolet((await readPixels(projector, [beyondOldCorner]))[0]), { message: 'the projector shows Image 1 scaled up', timeout: 10_000 })
    .toBe(true);
  await settledScreenshot(page, 'stage-tools-scaled');

  // In the scaled picture's top-right quadrant (cyan), clear of its ring and diagonal; violet once turned.
  const turnedProbe = { x: moved.x + 50, y: 170 };
  const handle = page.locator('[data-handle="rotate"]');
  const hx = area.x + Number(await handle.getAttribute('data-x'));
  const hy = area.y + Number(await handle.getAttribute('data-y'));
  const centre = toPage({ x: moved.x, y: 300 });
  expect(isViolet((await readPixels(projector, [turnedProbe]))[0])).toBe(false);
  await page.keyboard.down('Shift');
  await drag(page, { x: hx, y: hy }, { x: centre.x + 150, y: centre.y + 6 });
  await page.keyboard.up('Shift');
  await expect.poll(async () => (await layerOnServer('Image 1'))?.rotation, { message: 'the rotation is committed', timeout: 10_000 }).toBe(90);
  await expect
    .poll(async () => isViolet((await readPixels(projector, [turnedProbe]))[0]), { message: 'the projector shows Image 1 turned', timeout: 10_000 })
    .toBe(true);
  await settledScreenshot(page, 'stage-tools-rotated');

  // 6. Undo the rotation, the scale, the mesh drag, the mesh, the corner pin, Image 2 and the move: the projector is back to the start.
  const undo = page.getByRole('button', { name: 'Undo' });
  await undo.click();
  await expect.poll(async () => (await layerOnServer('Image 1'))?.rotation, { timeout: 10_000 }).toBe(0);
  await undo.click();
  await expect.poll(async () => (await layerOnServer('Image 1'))?.scale, { timeout: 10_000 }).toEqual({ x: 1, y: 1 });
  await undo.click();
  await expect.poll(async () => (await layerOnServer('Image 2'))?.warp.meshPoints[5], { timeout: 10_000 }).toEqual(meshBefore);
  await undo.click();
  await expect.poll(async () => (await layerOnServer('Image 2'))?.warp.meshEnabled, { timeout: 10_000 }).toBe(false);
  await undo.click();
  await expect.poll(async () => (await layerOnServer('Image 2'))?.warp.points[0], { timeout: 10_000 }).toEqual({ x: 300, y: 200 });
  await undo.click();
  await expect(page.locator('.layer-row')).toHaveCount(1);
  await undo.click();
  await expect.poll(async () => (await layerOnServer('Image 1'))?.x, { timeout: 10_000 }).toBe(400);
  await expect
    .poll(async () => isViolet((await readPixels(projector, [{ x: 330, y: 270 }]))[0]), {
      message: 'the projector shows Image 1 back in place',
      timeout: 10_000,
    })
    .toBe(true);
  await settledScreenshot(page, 'stage-tools-undone');
  await projector.context().close();
});
