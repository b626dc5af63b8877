import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { addLayerFromMenu, at, maxDifference, newProject, openProjector, publish, readPixels, settledScreenshot, signUpFresh } from './testing/studio.ts';

// Undo and redo across every kind of edit (spec section 4: add, remove, duplicate, update, warp-point
// edit...), through the UI only: ten edits of different kinds, each one undo step; Ctrl+Z takes them
// all back one by one (the document after each undo is the one before that edit, and the projector
// and the stage are back to the empty start), then Ctrl+Shift+Z and Ctrl+Y replay them all (the
// document after each redo is the one after that edit, and the pixels match the pre-undo ones).

type P = { x: number; y: number };
interface PublicLayer {
  id: string;
  name: string;
  x: number;
  y: number;
  warp: { points: P[] };
}

/** A grid of canvas points (800x600 project) over the middle, where the layers sit. */
const GRID = Array.from({ length: 6 }, (_, r) => Array.from({ length: 9 }, (_, c) => ({ x: 160 + c * 60, y: 120 + r * 70 }))).flat();
/** Same image on the same renderer at two moments: SwiftShader filtering noise. */
const SAME = 8;

/** Canvas (800x600) to page coordinates, through the canvas's box as the stage zoom and pan place it. */
async function canvasToPage(page: Page): Promise<(p: P) => P> {
  const box = await page.getByTestId('stage-canvas').boundingBox();
  if (!box) throw new Error('the stage canvas has no box');
  return (p) => ({ x: box.x + (p.x / 800) * box.width, y: box.y + (p.y / 600) * box.height });
}

/** How many points of two readings differ by more than SAME in some channel. */
const pointsApart = (a: readonly number[][], b: readonly number[][]) => a.filter((px, i) => maxDifference([px], [b[i] ?? []]) > SAME).length;

async function drag(page: Page, from: P, to: P): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

test('undo all: ten edits of every kind undone with Ctrl+Z to the empty start, then redone with Ctrl+Shift+Z / Ctrl+Y to the same end', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signUpFresh(page, 'Undo Everything');
  const projectId = await newProject(page);
  /** The live document's layers as the server holds them (the public route follows it). */
  const layersOnServer = async (): Promise<PublicLayer[]> => {
    const reply = await page.request.get(at(`/api/projects/public?id=${encodeURIComponent(projectId)}`));
    return ((await reply.json()) as { layers: PublicLayer[] }).layers;
  };
  const rows = page.locator('.layer-row__name');
  const row = (name: string) => page.locator('.layer-row__main').filter({ has: page.locator('.layer-row__name', { hasText: new RegExp(`^${name}$`) }) });

  await publish(page);
  const projector = await openProjector(browser, projectId);
  const start = await readPixels(projector, GRID);
  const editorStart = await readPixels(page, GRID);
  expect(Math.max(...start.flat().filter((_, i) => i % 4 !== 3)), 'the empty canvas is black').toBeLessThanOrEqual(SAME);

  /** The document after each edit: [0] is the empty start. */
  const docs: PublicLayer[][] = [await layersOnServer()];
  expect(docs[0]).toEqual([]);
  /**
   * Thirty edits, undos and redos each wait for the server: asked every 100 ms, not on expect.poll's
   * default backoff to once a second, which added up to half a second to each of them.
   */
  const often = { timeout: 15_000, intervals: [100] };
  /** Waits for the edit to reach the server, then keeps the document it made. */
  const settle = async (what: string, done: (layers: PublicLayer[]) => boolean) => {
    await expect.poll(async () => done(await layersOnServer()), { message: `${what} reaches the server`, ...often }).toBe(true);
    docs.push(await layersOnServer());
  };

  // 1. Add an image layer from the Add menu (the sample picture, 200x200 at the centre).
  await addLayerFromMenu(page, 'Add image layer');
  await settle('the new image', (l) => l.length === 1);

  // 2. Move it on the stage: drag its body 100 canvas px left.
  let toPage = await canvasToPage(page);
  await drag(page, toPage({ x: 420, y: 330 }), toPage({ x: 320, y: 330 }));
  await settle('the move', (l) => l[0]!.x < 330);

  // 3. An inspector field: rotation 30 degrees, typed and committed with Enter.
  const rotation = page.getByLabel('Rotation', { exact: true });
  await rotation.fill('30');
  await rotation.press('Enter');
  await settle('the rotation', (l) => (l[0] as unknown as { rotation: number }).rotation === 30);

  // 4. Rename by double-click in the layers panel.
  await page.locator('.layer-row__name', { hasText: 'Image 1' }).dblclick();
  await page.getByLabel('Layer name').fill('Facade');
  await page.keyboard.press('Enter');
  await settle('the rename', (l) => l[0]!.name === 'Facade');

  // 5. Duplicate with Ctrl+D (keys from a plain button, not a field): "Facade Copy", +20/+20, selected.
  await page.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Control+d');
  await settle('the duplicate', (l) => l.length === 2);
  await expect(page.getByTestId('status-selection')).toHaveText('Facade Copy');

  // 6. Blend mode of the copy: difference, so where it overlaps the original the wall goes dark.
  await page.getByLabel('Blend mode').selectOption('difference');
  await settle('the blend mode', (l) => l.some((x) => (x as unknown as { blendMode: string }).blendMode === 'difference'));

  // 7. Corner pin: drag the copy's bottom-right corner 70 px right and 50 px down (Shift: no snapping).
  const copy = (await layersOnServer()).find((l) => l.name === 'Facade Copy')!;
  const corner = copy.warp.points[2]!;
  toPage = await canvasToPage(page);
  await page.keyboard.down('Shift');
  await drag(page, toPage(corner), toPage({ x: corner.x + 70, y: corner.y + 50 }));
  await page.keyboard.up('Shift');
  await settle('the corner pin', (l) => {
    const p = l.find((x) => x.name === 'Facade Copy')?.warp.points[2];
    return !!p && Math.abs(p.x - (corner.x + 70)) < 2 && Math.abs(p.y - (corner.y + 50)) < 2;
  });

  await settledScreenshot(page, 'undo-all-composition');

  // 8. F2 adds a fragment shader layer (spec section 9); the stage has the focus.
  await page.locator('.workspace__stage').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('F2');
  await settle('the shader layer', (l) => l.length === 3);

  // 9. Delete removes it (it is selected), and 10. the original, selected in the layers panel.
  await page.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Delete');
  await settle('the shader removed', (l) => l.length === 2);
  await row('Facade').click();
  await page.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Delete');
  await settle('the original removed', (l) => l.length === 1);
  await expect(rows).toHaveText(['Facade Copy']);
  expect(docs).toHaveLength(11);

  // Every edit made a different document.
  for (let i = 1; i < docs.length; i++) expect(docs[i], `edit ${i} changed the document`).not.toEqual(docs[i - 1]);
  // The wall follows: editor and projector agree, but for a grid point or two on an edge of the
  // turned, pinned picture (two canvases of different sizes sample an edge differently).
  await expect
    .poll(async () => pointsApart(await readPixels(projector, GRID), await readPixels(page, GRID)), { message: 'editor and projector agree' })
    .toBeLessThanOrEqual(2);
  const end = await readPixels(projector, GRID);
  const editorEnd = await readPixels(page, GRID);
  expect(maxDifference(end, start), 'the composition shows on the wall').toBeGreaterThan(100);
  await settledScreenshot(page, 'undo-all-before');

  // Undo them all with Ctrl+Z: after each, the document the edit started from.
  await page.getByRole('button', { name: 'Undo' }).focus();
  for (let i = docs.length - 1; i >= 1; i--) {
    await page.keyboard.press('Control+z');
    await expect.poll(layersOnServer, { message: `undo of edit ${i} gives the document before it`, ...often }).toEqual(docs[i - 1]);
  }
  await expect(rows).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
  await expect
    .poll(async () => maxDifference(await readPixels(projector, GRID), start), { message: 'the projector is back to the empty start', timeout: 15_000 })
    .toBeLessThanOrEqual(SAME);
  expect(maxDifference(await readPixels(page, GRID), editorStart), 'the stage is back to the empty start').toBeLessThanOrEqual(SAME);
  await settledScreenshot(page, 'undo-all-undone');

  // Redo them all, Ctrl+Shift+Z and Ctrl+Y in turn: after each, the document that edit made.
  await page.getByRole('button', { name: 'Redo' }).focus();
  for (let i = 1; i < docs.length; i++) {
    await page.keyboard.press(i % 2 === 1 ? 'Control+Shift+z' : 'Control+y');
    await expect.poll(layersOnServer, { message: `redo of edit ${i} gives the document it made`, ...often }).toEqual(docs[i]);
  }
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();
  await expect(rows).toHaveText(['Facade Copy']);
  await expect
    .poll(async () => maxDifference(await readPixels(projector, GRID), end), { message: 'the projector shows the pre-undo composition again', timeout: 15_000 })
    .toBeLessThanOrEqual(SAME);
  expect(maxDifference(await readPixels(page, GRID), editorEnd), 'the stage shows the pre-undo composition again').toBeLessThanOrEqual(SAME);
  await settledScreenshot(page, 'undo-all-redone');
  await projector.context().close();
});
