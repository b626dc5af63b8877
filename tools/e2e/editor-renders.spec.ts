import { expect, test } from '@playwright/test';
import { benchProject } from '../bench/keyframed-project.ts';
import { installRenderCounter, startRenders, takeRenders } from './testing/react-renders.ts';
import { signUpFresh } from './testing/studio.ts';

// Issue 15 / design.md section 8: during playback the stage follows the playhead outside React
// render and every panel subscribes to what it shows, so a frame of playback re-renders only the
// playhead's readouts (the time and the line), not the page, the panels or the lanes of keyframes.
// Counted in the built editor through the commit hook React DevTools uses.

/** What may render on a frame of playback: the time readout and the playhead line. */
const PLAYHEAD_READOUTS = new Set(['timeline-time', 'timeline-playhead']);

test('playback re-renders only the playhead readouts', async ({ page }) => {
  await installRenderCounter(page);
  await signUpFresh(page, 'Render Counter');
  // Ten animated layers with 200 keyframes (every layer moves and fades while playing).
  const project = benchProject(10, 200, 6000);
  await page.getByTestId('import-project-input').setInputFiles({ name: 'keyframed.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(project)) });
  const card = page.locator('.project-card', { hasText: project.metadata.name });
  await expect(card).toHaveCount(1);
  await card.getByRole('link').first().click();
  await page.waitForURL(/\/editor\/[^/]+$/);
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  if (!(await page.getByTestId('timeline').isVisible())) await page.keyboard.press('t');
  await expect(page.getByTestId('timeline-keyframe')).toHaveCount(400); // each on its layer's row and its property's row

  // Sanity: the counter sees renders (opening the Scenes tab renders its panel).
  await startRenders(page);
  await page.getByRole('tab', { name: 'Scenes' }).click();
  await expect.poll(async () => (await page.evaluate(() => (window as unknown as { __renders: string[][] }).__renders.length))).toBeGreaterThan(0);
  expect((await takeRenders(page)).flat().length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Layers' }).click();
  // The editor settled (the live document open, saved, thumbnails drawn): a second with no commit.
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

  await page.locator('[data-action="timeline.play-pause"]').click();
  await expect(page.locator('.tl-state')).toHaveText('Playing');
  // Counted from here: playback under way (the press itself re-renders the transport).
  const x0 = Number(await page.getByTestId('timeline-playhead').getAttribute('data-x'));
  await startRenders(page);
  await expect.poll(async () => page.evaluate(() => (window as unknown as { __renders: string[][] }).__renders.length), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
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
});
