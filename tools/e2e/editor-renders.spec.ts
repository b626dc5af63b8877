import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { benchProject } from '../bench/keyframed-project.ts';
import { installRenderCounter, startRenders, takeRenders } from './testing/react-renders.ts';
import { addLayerFromMenu, litEdge, signUpFresh } from './testing/studio.ts';

// design.md section 8: during playback the stage follows the playhead outside React
// render and every panel subscribes to what it shows, so a frame of playback re-renders only the
// playhead's readouts (the time and the line), not the page, the panels or the lanes of keyframes;
// a corner drag re-renders the stage's handles and the inspector's numbers it moves, not the inspector.
// Counted in the built editor through the commit hook React DevTools uses.

/** What may render on a frame of playback: the time readout and the playhead line. */
const PLAYHEAD_READOUTS = new Set(['timeline-time', 'timeline-playhead']);

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
  const x0 = Number(await page.getByTestId('timeline-playhead').getAttribute('data-x'));
  await startRenders(page);
  await expect
    .poll(async () => page.evaluate(() => (window as unknown as { __renders: string[][] }).__renders.length), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(20);
  const commits = await takeRenders(page);
  const x1 = Number(await page.getByTestId('timeline-playhead').getAttribute('data-x'));
  await page.locator('[data-action="timeline.stop"]').click();

  // The playhead moved in those commits and its readouts rendered in each; nothing else renders per
  // frame. (Something unrelated may land once in the window on a loaded machine, a save or a
  // connection report: a component rendering in at most 2 of the 20+ commits is not per frame.)
  expect(x1).toBeGreaterThan(x0);
  const inCommits = new Map<string, number>();
  for (const commit of commits) for (const name of new Set(commit)) inCommits.set(name, (inCommits.get(name) ?? 0) + 1);
  console.log(`${commits.length} commits while playing; commits each component rendered in: ${JSON.stringify(Object.fromEntries(inCommits))}`);
  expect(inCommits.get('timeline-time') ?? 0).toBeGreaterThanOrEqual(commits.length - 2);
  expect([...inCommits].filter(([name, n]) => !PLAYHEAD_READOUTS.has(name) && n > 2)).toEqual([]);

  // A corner drag: each move shows on the stage's handles and in the two numbers of that corner;
  // the inspector and its sections render only when the drag starts and ends (design.md section 5).
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
  for (let k = 3; k <= 22; k += 1) {
    await page.mouse.move(from.x + 3 * k, from.y + k);
    await page.waitForTimeout(20);
  }
  await expect.poll(async () => page.evaluate(() => (window as unknown as { __renders: string[][] }).__renders.length)).toBeGreaterThanOrEqual(10);
  const dragCommits = await takeRenders(page);
  await page.mouse.up();
  const dragIn = new Map<string, number>();
  for (const commit of dragCommits) for (const name of new Set(commit)) dragIn.set(name, (dragIn.get(name) ?? 0) + 1);
  console.log(`${dragCommits.length} commits while dragging a corner: ${JSON.stringify(Object.fromEntries(dragIn))}`);
  expect(dragIn.get('number-field') ?? 0).toBeGreaterThanOrEqual(dragCommits.length - 2);
  expect(dragIn.get('stage-overlay') ?? 0).toBeGreaterThanOrEqual(dragCommits.length - 2);
  expect([...dragIn].filter(([name, n]) => name.startsWith('inspector') && n > 2)).toEqual([]);
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
  await startRenders(page);
  const e0 = await stageEdge(page);
  await expect.poll(() => stageEdge(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(e0 + 16);
  const fadeCommits = await takeRenders(page);
  const e1 = await stageEdge(page);
  expect(e1, 'still mid-fade').toBeLessThan(left + 200 - 8);
  const fadeIn = new Map<string, number>();
  for (const commit of fadeCommits) for (const name of new Set(commit)) fadeIn.set(name, (fadeIn.get(name) ?? 0) + 1);
  console.log(`the picture slid from ${e0} to ${e1} px while ${fadeCommits.length} commits rendered: ${JSON.stringify(Object.fromEntries(fadeIn))}`);
  expect([...fadeIn].filter(([, n]) => n > 2)).toEqual([]);
});
