import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { benchProject } from '../bench/keyframed-project.ts';
import { installRenderCounter, startRenders, takeRenders } from './testing/react-renders.ts';
import { addLayerFromMenu, litEdge, signUpFresh } from './testing/studio.ts';

// design.md section 8: during playback the stage and the playhead's readouts (the time and the
// line) follow the playhead outside React render and every panel subscribes to what it shows, so a
// frame of playback renders nothing in React (not the page, the panels or the lanes of keyframes);
// a corner drag renders nothing either: the stage's handles and the inspector's numbers it moves
// follow it outside React render (React draws which handles there are, a drag moves them).
// Counted in the built editor through the commit hook React DevTools uses.

/** The editor settled (the live document open, saved, thumbnails drawn): a second with no commit. */
async function waitForQuiet(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await startRenders(page);
        await page.waitForTimeout(1000);
        return (await takeRenders(page)).length;
      },
      { timeout: 60_000, intervals: [0] },
    )
    .toBe(0);
}

/** The sample picture's left edge on ROW_Y of the editor's stage canvas (-1 when nothing is lit). */
const stageEdge = (page: Page): Promise<number> => litEdge(page, ROW_Y);

/** Through the sample picture's top-left (violet) quadrant; the imported layers draw nothing (no source). */
const ROW_Y = 270;

test('playback and a GO fade re-render only what shows them', async ({ page }) => {
  await installRenderCounter(page);
  await signUpFresh(page, 'Render Counter');
  // Ten animated layers with 200 keyframes (every layer moves and fades while playing).
  const project = benchProject(10, 200, 6000);
  await page
    .getByTestId('import-project-input')
    .setInputFiles({ name: 'keyframed.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(project)) });
  const card = page.locator('.project-card', { hasText: project.metadata.name });
  await expect(card).toHaveCount(1);
  await card.getByRole('link').first().click();
  await page.waitForURL(/\/editor\/[^/]+$/);
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  if (!(await page.getByTestId('timeline').isVisible())) await page.keyboard.press('t');
  await expect(page.locator('.tl-lanes')).toHaveAttribute('data-keyframe-count', '400'); // each on its layer's row and its property's row

  // Sanity: the counter sees renders (opening the Scenes tab renders its panel).
  await startRenders(page);
  await page.getByRole('tab', { name: 'Scenes' }).click();
  await expect.poll(async () => await page.evaluate(() => (window as unknown as { __renders: string[][] }).__renders.length)).toBeGreaterThan(0);
  expect((await takeRenders(page)).flat().length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Layers' }).click();
  await waitForQuiet(page);

  await page.locator('[data-action="timeline.play-pause"]').click();
  await expect(page.locator('.tl-state')).toHaveText('Playing');
  // Counted from here: playback under way (the press itself re-renders the transport).
  const playhead = page.getByTestId('timeline-playhead');
  const time = page.getByTestId('timeline-time');
  await expect(time).not.toHaveText(/^00:00\.000/);
  const x0 = Number(await playhead.getAttribute('data-x'));
  const t0 = await time.textContent();
  await startRenders(page);
  // Frames counted through the window (a string: tsx would wrap the named inner function in a helper the page lacks).
  await page.evaluate(`(() => {
    window.__frames = 0;
    window.__framesStop = false;
    const count = () => { window.__frames += 1; if (!window.__framesStop) requestAnimationFrame(count); };
    requestAnimationFrame(count);
  })()`);
  const framesSoFar = () => page.evaluate(() => (window as unknown as { __frames: number }).__frames);
  // Twenty frames of playback at least, over which the line moved (the lanes are 6 s wide: it moves every frame).
  await expect.poll(framesSoFar, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
  await expect.poll(async () => Number(await playhead.getAttribute('data-x')), { timeout: 30_000 }).toBeGreaterThan(x0 + 20);
  const commits = await takeRenders(page);
  const frames = await framesSoFar();
  await page.evaluate(() => void ((window as unknown as { __framesStop: boolean }).__framesStop = true));
  await expect(time).not.toHaveText(t0 ?? '');
  await page.locator('[data-action="timeline.stop"]').click();

  // The line and the time moved through those frames with nothing rendering per frame. (Something
  // unrelated may land a few times in the window on a loaded machine, a save, a connection report or
  // the performance monitor's status: a component rendering in at most 2 commits, or in fewer than a
  // quarter of the frames, is not per frame.)
  const inCommits = new Map<string, number>();
  for (const commit of commits) for (const name of new Set(commit)) inCommits.set(name, (inCommits.get(name) ?? 0) + 1);
  console.log(`${frames} frames of playback, ${commits.length} commits; commits each component rendered in: ${JSON.stringify(Object.fromEntries(inCommits))}`);
  expect([...inCommits].filter(([, n]) => n > Math.max(2, frames / 4))).toEqual([]);

  // A corner drag: each move shows on the stage's handle and in the two numbers of that corner,
  // while React renders at most when the drag starts and ends, or a snap mark comes or goes
  // (design.md section 5).
  await page.locator('.layer-row').first().click();
  const corner = page.locator('[data-corner="0"]');
  await expect(corner).toHaveCount(1);
  await expect(page.getByTestId('inspector-warp')).toBeVisible();
  await waitForQuiet(page);
  const stageBox = (await page.getByTestId('stage-area').boundingBox())!;
  const from = { x: stageBox.x + Number(await corner.getAttribute('data-x')), y: stageBox.y + Number(await corner.getAttribute('data-y')) };
  const topLeftX = page.getByRole('textbox', { name: 'Top left X' });
  const x0Value = await topLeftX.inputValue();
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // Past the tools' drag threshold: the drag has begun (and switched the corner warp on) before counting.
  await page.mouse.move(from.x + 8, from.y + 4);
  await expect(topLeftX).not.toHaveValue(x0Value);
  await startRenders(page);
  const shown: { handleX: string | null; fieldX: string }[] = [];
  for (let k = 3; k <= 22; k += 1) {
    await page.mouse.move(from.x + 3 * k, from.y + k);
    await page.waitForTimeout(20);
    shown.push({ handleX: await corner.getAttribute('data-x'), fieldX: await topLeftX.inputValue() });
  }
  const dragCommits = await takeRenders(page);
  await page.mouse.up();
  const dragIn = new Map<string, number>();
  for (const commit of dragCommits) for (const name of new Set(commit)) dragIn.set(name, (dragIn.get(name) ?? 0) + 1);
  console.log(`${dragCommits.length} commits in 20 moves of a corner drag: ${JSON.stringify(Object.fromEntries(dragIn))}`);
  // The handle and the field moved with the pointer (3 px a move: a snap may hold a few moves).
  expect(new Set(shown.map((s) => s.handleX)).size).toBeGreaterThanOrEqual(10);
  expect(new Set(shown.map((s) => s.fieldX)).size).toBeGreaterThanOrEqual(10);
  // The last move's place: the handle under the pointer, the field at the same stage point.
  expect(Math.abs(Number(shown.at(-1)!.handleX) - (from.x + 66 - stageBox.x))).toBeLessThanOrEqual(8);
  expect(dragIn.get('number-field') ?? 0).toBeLessThanOrEqual(2);
  expect(dragIn.get('stage-overlay') ?? 0).toBeLessThanOrEqual(4);
  expect([...dragIn].filter(([name, n]) => (name.startsWith('inspector') || name === 'stage-area') && n > 2)).toEqual([]);
  await page.keyboard.press('Escape');

  // A GO with a long fade: the sample picture slides 200 px from Scene 1 to Scene 2. The stage
  // follows the blend by itself; with nothing selected, nothing shows it in React, so nothing renders.
  await addLayerFromMenu(page, 'Add image layer');
  await page.getByRole('tab', { name: 'Scenes' }).click();
  const newScene = page.getByRole('button', { name: 'New scene from the current state' });
  await newScene.click();
  const left = await stageEdge(page);
  for (let i = 0; i < 20; i += 1) await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => stageEdge(page), { timeout: 20_000 }).toBe(left + 200);
  await newScene.click();
  await page.locator('[data-testid="scene-item"][data-scene-name="Scene 1"]').getByRole('button', { name: 'Switch' }).click();
  await expect.poll(() => stageEdge(page), { timeout: 20_000 }).toBe(left);
  await page.getByRole('spinbutton', { name: 'GO fade in seconds' }).fill('40');
  await page.getByTestId('scene-name').first().click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('selection-outline')).toHaveCount(0);
  await waitForQuiet(page);
  await page.getByRole('button', { name: 'GO: fire the next scene with its transition' }).click();
  // Counted once the picture has started to move (the press itself re-renders the scenes panel).
  await expect.poll(() => stageEdge(page), { timeout: 30_000 }).toBeGreaterThan(left + 4);
  await page.waitForTimeout(500);
  // Up to three windows of 16 px of the slide each. A render the fade drove would come with every
  // frame, so in every window; a one-off render from elsewhere falls in one window only (under CI's
  // load once the status bar 3 times and the whole workspace twice in 4 s; its cause not found).
  const overBudget: [string, number][][] = [];
  for (let w = 0; w < 3; w += 1) {
    await startRenders(page);
    const e0 = await stageEdge(page);
    await expect.poll(() => stageEdge(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(e0 + 16);
    const fadeCommits = await takeRenders(page);
    const e1 = await stageEdge(page);
    expect(e1, 'still mid-fade').toBeLessThan(left + 200 - 8);
    const fadeIn = new Map<string, number>();
    for (const commit of fadeCommits) for (const name of new Set(commit)) fadeIn.set(name, (fadeIn.get(name) ?? 0) + 1);
    console.log(`the picture slid from ${e0} to ${e1} px while ${fadeCommits.length} commits rendered: ${JSON.stringify(Object.fromEntries(fadeIn))}`);
    overBudget.push([...fadeIn].filter(([, n]) => n > 2));
    if (overBudget.at(-1)!.length === 0) break;
  }
  expect(overBudget.at(-1), `over 2 renders in every window: ${JSON.stringify(overBudget)}`).toEqual([]);
});
