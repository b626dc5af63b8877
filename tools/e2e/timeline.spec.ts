import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { TimelineEvaluator } from '../../libs/timeline/src/index.ts';
import { addLayerFromMenu, newProject, openProjector, publish, settledScreenshot, signUpFresh } from './testing/studio.ts';
import { clickKeyframe, keyframePoint } from './testing/timeline.ts';

// Scenes and the animation timeline, as a user builds and plays a show, and the
// projector playing the same frames (compared with what libs/timeline computes for the instant).

/** The row through the sample image's top-left (violet) quadrant; the background is black. */
const ROW_Y = 270;
const VIOLET = 124 + 92 + 255;

/**
 * Reads the wall's timeline time, the layer's left edge on ROW_Y and its brightness 20 px inside,
 * from one drawn frame (retried when a new frame came in between). Few reads: each gl.readPixels
 * stalls the wall's main thread on a software GPU.
 */
async function sampleWall(page: Page): Promise<{ time: number | null; edge: number; lit: number }> {
  return page.evaluate(async (y) => {
    const hook = window.__beamstage!;
    const timeOf = () => {
      const raw = document.getElementById('stage')?.dataset['timelineTime'] ?? '';
      return raw === '' ? null : Number(raw);
    };
    const bright = (p: number[] | undefined) => (p ? p[0]! + p[1]! + p[2]! : 0);
    for (let attempt = 0; ; attempt += 1) {
      const time = timeOf();
      const coarse = await hook.readPixels(Array.from({ length: 50 }, (_, i) => ({ x: i * 16, y })));
      const first = coarse.findIndex((p) => bright(p) > 30);
      const from = Math.max(0, (first - 1) * 16);
      const fine = await hook.readPixels(Array.from({ length: 17 }, (_, i) => ({ x: from + i, y })));
      const edge = first < 0 ? -1 : from + fine.findIndex((p) => bright(p) > 30);
      const [inside] = await hook.readPixels([{ x: edge + 20, y }]);
      if (timeOf() === time || attempt >= 4) return { time, edge, lit: bright(inside) };
    }
  }, ROW_Y);
}

test('timeline: scenes, keyframes with two easings, a marker, play in the editor and on the projector, stop, undo a drag', async ({ page, browser }) => {
  await signUpFresh(page);
  const projectId = await newProject(page);
  await addLayerFromMenu(page, 'Add image layer');
  await expect(page.locator('.layer-row__name')).toHaveText(['Image 1']);
  const x0 = Number(await page.getByRole('textbox', { name: 'X position', exact: true }).inputValue());

  // Two scenes with different layouts; switching applies one (undoable).
  await page.getByRole('tab', { name: 'Scenes' }).click();
  const newScene = page.getByRole('button', { name: 'New scene from the current state' });
  await newScene.click();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByRole('textbox', { name: 'X position', exact: true })).toHaveValue(String(x0 + 20));
  await newScene.click();
  await expect(page.getByTestId('scene-name')).toHaveText(['Scene 1', 'Scene 2']);
  await page.getByTestId('scene-item').filter({ hasText: 'Scene 1' }).getByRole('button', { name: 'Switch' }).click();
  await expect(page.getByRole('textbox', { name: 'X position', exact: true })).toHaveValue(String(x0));
  // The main state was kept in a Primary scene, listed first (spec section 4).
  await expect(page.getByTestId('scene-name').first()).toContainText('Primary');
  await settledScreenshot(page, 'timeline-scenes-panel');

  // The drawer (T), a 3 s show; K keys the selected layer at the playhead.
  await page.keyboard.press('t');
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toBeVisible();
  await page.getByTestId('timeline-duration').fill('3');
  await page.getByTestId('timeline-duration').press('Enter');
  await expect(page.getByTestId('timeline-duration')).toHaveValue('3');
  // Selecting a scene (its name: the row's middle holds its buttons) moves the focus out of the field.
  await page.getByTestId('scene-name').filter({ hasText: 'Scene 1' }).click();
  await page.keyboard.press('k');
  const tracks = page.getByTestId('timeline-track');
  // Image 1, then opacity, rotation, scale, x, y.
  await expect(tracks).toHaveCount(6);
  await expect(tracks.nth(4)).toHaveAttribute('data-keyframe-times', '0');
  await clickKeyframe(tracks.nth(4), 0);
  await expect(page.getByTestId('timeline-selection')).toHaveText(/^Selected: x keyframe at 0 ms/);
  await page.getByRole('radio', { name: 'Linear' }).click();
  await expect(page.getByRole('radio', { name: 'Linear' })).toHaveAttribute('aria-checked', 'true');

  // At 3 s: 200 px to the right and opacity 0.2, keyed again.
  await page.getByTestId('timeline-ruler').click({ position: { x: 300, y: 16 } });
  await expect(page.getByTestId('timeline-time')).toHaveText('00:03.000 · f90');
  for (let i = 0; i < 20; i += 1) await page.keyboard.press('Shift+ArrowRight');
  await page.getByRole('textbox', { name: 'Opacity', exact: true }).fill('0.2');
  await page.getByRole('textbox', { name: 'Opacity', exact: true }).press('Enter');
  await page.getByTestId('timeline-time').click();
  await page.keyboard.press('k');
  await expect(tracks.nth(4)).toHaveAttribute('data-keyframe-times', '0 3000');
  await expect(tracks.nth(1)).toHaveAttribute('data-keyframe-times', '0 3000');

  // A marker at 1.5 s; drag Scene 2 onto the scene track.
  await page.getByTestId('timeline-ruler').click({ position: { x: 150, y: 16 } });
  await page.keyboard.press('m');
  await expect(page.getByTestId('timeline-marker')).toHaveCount(1);
  await page
    .getByTestId('scene-item')
    .filter({ hasText: 'Scene 2' })
    .dragTo(page.getByTestId('timeline-scene-track'), { targetPosition: { x: 310, y: 10 } });
  await expect(page.getByTestId('timeline-placement')).toHaveCount(1);
  await settledScreenshot(page, 'timeline-drawer');

  // The expected show, computed by libs/timeline from the same keyframes.
  const evaluator = new TimelineEvaluator();
  evaluator.setKeyframes([
    { id: 'x0', layerId: 'L', property: 'x', time: 0, value: x0, easing: 'linear' },
    { id: 'x1', layerId: 'L', property: 'x', time: 3000, value: x0 + 200, easing: 'smooth' },
    { id: 'o0', layerId: 'L', property: 'opacity', time: 0, value: 1, easing: 'smooth' },
    { id: 'o1', layerId: 'L', property: 'opacity', time: 3000, value: 0.2, easing: 'smooth' },
  ]);
  const expectedAt = (t: number) => {
    const v = evaluator.evaluate(t).get('L')!;
    return { x: v.get('x') as number, opacity: v.get('opacity') as number };
  };

  await publish(page);
  const projector = await openProjector(browser, projectId);
  const before = await sampleWall(projector);
  expect(before.time).toBeNull();
  // Layer x is its centre: the left edge sits this far from it (read on the wall, stopped at 0 s).
  const edgeOffset = before.edge - x0;
  expect(Math.abs(edgeOffset + 100), 'a 200 px layer centred on x').toBeLessThanOrEqual(2);

  // Play in the editor; the wall plays the same show from its own clock.
  await page.getByTestId('timeline-ruler').click({ position: { x: 1, y: 16 } });
  await expect(page.getByTestId('timeline-time')).toHaveText('00:00.000 · f0');
  // Looping, so a slow machine (messages late, frames dropped) still samples a playing show.
  await page.getByRole('checkbox', { name: 'Loop', exact: true }).check();
  await page.getByTestId('timeline-time').click();
  await page.keyboard.press('p');
  await expect(page.getByTestId('timeline-time')).not.toHaveText('00:00.000 · f0', { timeout: 3000 });
  await expect.poll(() => projector.evaluate(() => document.getElementById('stage')?.dataset['timelineTime'] ?? ''), { timeout: 5000 }).not.toBe('');
  const frameMovePx = (200 / 3000) * (1000 / 30);
  for (const waitMs of [200, 700, 700]) {
    await projector.waitForTimeout(waitMs);
    const { time, edge, lit: litRaw } = await sampleWall(projector);
    expect(time, 'the projector is playing').not.toBeNull();
    const want = expectedAt(time!);
    expect(
      Math.abs(edge - (want.x + edgeOffset)),
      `at ${time} ms the layer's left edge is ${edge}, libs/timeline says ${want.x + edgeOffset}`,
    ).toBeLessThanOrEqual(frameMovePx + 2);
    const lit = litRaw / VIOLET;
    expect(Math.abs(lit - want.opacity), `at ${time} ms opacity reads ${lit.toFixed(3)}, libs/timeline says ${want.opacity.toFixed(3)}`).toBeLessThanOrEqual(
      0.06,
    );
  }
  await settledScreenshot(projector, 'timeline-projector-playing');

  // Stop: time back to the start, the stash restored, the wall back to the document.
  await page.keyboard.press('Shift+P');
  await expect(page.getByTestId('timeline-time')).toHaveText('00:00.000 · f0');
  await expect(page.getByRole('textbox', { name: 'X position', exact: true })).toHaveValue(String(x0));
  await expect.poll(async () => (await sampleWall(projector)).time).toBeNull();
  await expect.poll(async () => (await sampleWall(projector)).edge - edgeOffset).toBe(x0);

  // Ctrl+S while the show plays stops it first (spec section 4), then saves.
  await page.getByTestId('timeline-time').click();
  await page.keyboard.press('p');
  await expect(page.getByTestId('timeline-time')).not.toHaveText('00:00.000 · f0', { timeout: 3000 });
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Project saved')).toBeVisible();
  await expect(page.getByTestId('timeline-time')).toHaveText('00:00.000 · f0');
  await expect(page.getByRole('textbox', { name: 'X position', exact: true })).toHaveValue(String(x0));
  await expect.poll(async () => (await sampleWall(projector)).time).toBeNull();

  // Undo of a keyframe drag: the x keyframe at 3 s dragged to 2 s, then Ctrl+Z.
  await expect(tracks.nth(4)).toHaveAttribute('data-keyframe-times', '0 3000');
  const last = await keyframePoint(tracks.nth(4), 1);
  await page.mouse.move(last.x, last.y);
  await page.mouse.down();
  await page.mouse.move(last.x - 50, last.y, { steps: 5 });
  await page.mouse.move(last.x - 100, last.y, { steps: 5 });
  await page.mouse.up();
  await expect(tracks.nth(4)).toHaveAttribute('data-keyframe-times', '0 2000');
  // Painted where it landed.
  await keyframePoint(tracks.nth(4), 1);
  await page.keyboard.press('Control+z');
  await expect(tracks.nth(4)).toHaveAttribute('data-keyframe-times', '0 3000');
});
