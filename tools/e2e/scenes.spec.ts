import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { buildProjectJson } from '../../libs/layers/src/testing.ts';
import { addLayerFromMenu, litEdge, newProject, openProjector, publish, settledScreenshot, signUpFresh } from './testing/studio.ts';
import { clickKeyframe, keyframeTimes } from './testing/timeline.ts';

// Running a show: scene thumbnails from the stage, the Primary scene rules, GO with its
// transition on the projector's pixels, clear and import of scenes (undoable), keyframe copy/paste.

/** The row through the sample image's top-left (violet) quadrant; the background is black. */
const ROW_Y = 270;

/** The image layer's left edge on ROW_Y as the wall draws it (-1 when nothing is lit). */
const wallEdge = (page: Page): Promise<number> => litEdge(page, ROW_Y);

/**
 * Samples the layer's left edge on the wall once per animation frame (rendering is never starved
 * the way timers are on a loaded machine), 8 px apart, until it reads `until` or `timeoutMs` pass.
 */
async function recordEdges(page: Page, until: number, timeoutMs: number): Promise<{ edge: number; cue: string; at: number }[]> {
  return page.evaluate(
    ({ y, until, timeoutMs }) =>
      new Promise<{ edge: number; cue: string; at: number }[]>((resolve) => {
        const hook = window.__beamstage!;
        const seen: { edge: number; cue: string; at: number }[] = [];
        const start = performance.now();
        const tick = async () => {
          const row = await hook.readPixels(Array.from({ length: 100 }, (_, i) => ({ x: i * 8, y })));
          const first = row.findIndex((p) => p[0]! + p[1]! + p[2]! > 30);
          const edge = first < 0 ? -1 : first * 8;
          seen.push({ edge, cue: document.getElementById('stage')?.dataset['cue'] ?? '', at: Math.round(performance.now() - start) });
          if (Math.abs(edge - until) <= 8 || performance.now() - start > timeoutMs) resolve(seen);
          else requestAnimationFrame(() => void tick());
        };
        requestAnimationFrame(() => void tick());
      }),
    { y: ROW_Y, until, timeoutMs },
  );
}

/** The brightest pixel sum of each scene thumbnail the panel shows (0 for a black picture). */
async function thumbnailBrightness(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="scene-thumbnail"]'));
    return Promise.all(
      imgs.map(async (img) => {
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.naturalWidth;
        c.height = img.naturalHeight;
        const g = c.getContext('2d')!;
        g.drawImage(img, 0, 0);
        const { data } = g.getImageData(0, 0, c.width, c.height);
        let best = 0;
        for (let i = 0; i < data.length; i += 4) best = Math.max(best, data[i]! + data[i + 1]! + data[i + 2]!);
        return best;
      }),
    );
  });
}

test('scenes: thumbnails, Primary rules, GO with its transition on the projector, clear and import, keyframe copy/paste', async ({ page, browser }) => {
  await signUpFresh(page);
  const projectId = await newProject(page);
  await addLayerFromMenu(page, 'Add image layer');
  await expect(page.locator('.layer-row__name')).toHaveText(['Image 1']);
  const xField = page.getByRole('textbox', { name: 'X position', exact: true });
  const x0 = Number(await xField.inputValue());

  // Two scenes, the layer 200 px apart; each gets a picture drawn from the stage, not a black box.
  await page.getByRole('tab', { name: 'Scenes' }).click();
  const newScene = page.getByRole('button', { name: 'New scene from the current state' });
  await newScene.click();
  for (let i = 0; i < 20; i += 1) await page.keyboard.press('Shift+ArrowRight');
  await expect(xField).toHaveValue(String(x0 + 200));
  await newScene.click();
  const item = (name: string) => page.locator(`[data-testid="scene-item"][data-scene-name="${name}"]`);
  await expect(page.getByTestId('scene-thumbnail')).toHaveCount(2, { timeout: 20_000 });
  await expect.poll(() => thumbnailBrightness(page), { timeout: 20_000 }).toEqual([expect.any(Number), expect.any(Number)]);
  const lit = await thumbnailBrightness(page);
  expect(Math.min(...lit), `thumbnails' brightest pixels ${lit.join(', ')}: the sample picture shows`).toBeGreaterThan(200);
  const pics = await page.getByTestId('scene-thumbnail').evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src));
  expect(pics[0], 'the two layouts give two different pictures').not.toBe(pics[1]);

  await publish(page);
  const projector = await openProjector(browser, projectId);
  await expect.poll(() => wallEdge(projector), { timeout: 15_000 }).toBe(x0 + 100);

  // Switching by hand keeps the main state in a Primary scene, listed first; Scene 1 is active.
  await item('Scene 1').getByRole('button', { name: 'Switch' }).click();
  await expect(xField).toHaveValue(String(x0));
  await expect(page.getByTestId('scene-item').first()).toContainText('Primary');
  await expect(item('Scene 1')).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => wallEdge(projector), { timeout: 15_000 }).toBe(x0 - 100);
  // The Primary scene is updated only while it is the active context.
  await expect(page.getByTestId('scene-item').first().getByRole('button', { name: 'Update' })).toBeDisabled();

  // GO: Scene 2 with a long fade (no timeline transition between them). The cue reaches the wall
  // (data-last-cue), the wall shows the blend on its way (the layer's edge strictly between the two
  // layouts) and ends on the scene's pixels. On a loaded 2-core machine with software WebGL the
  // wall's read-backs can stall for seconds (8 s seen), so the fade is long (25 s: the edge is strictly between
  // for about 23 of them) and the wall is sampled on every frame it draws.
  const fade = page.getByRole('spinbutton', { name: 'GO fade in seconds' });
  await fade.fill('25');
  const recording = recordEdges(projector, x0 + 100, 90_000);
  await page.getByRole('button', { name: 'GO: fire the next scene with its transition' }).click();
  const seen = await recording;
  const offset = await projector.locator('#stage').getAttribute('data-clock-offset');
  const log = `${seen.map((s) => `${s.edge}${s.cue ? '(cue)' : ''}@${s.at}ms`).join(', ')} (wall clock offset ${offset} ms)`;
  // The cue reached the wall (it blends on its own clock; the blend is unit-tested).
  await expect(projector.locator('#stage')).toHaveAttribute('data-last-cue', /.+/);
  const between = seen.filter((s) => s.edge > x0 - 100 + 8 && s.edge < x0 + 100 - 8);
  test.info().annotations.push({ type: 'GO on the wall', description: `${between.length} frames between the two layouts: ${log}` });
  expect(between.length, `the wall mid-fade shows the layer between its two places: ${log}`).toBeGreaterThan(0);
  await expect.poll(() => wallEdge(projector), { timeout: 15_000 }).toBe(x0 + 100);
  await expect(xField).toHaveValue(String(x0 + 200));
  await expect(item('Scene 2')).toHaveAttribute('aria-current', 'true');
  await settledScreenshot(page, 'scenes-panel-thumbnails');

  // The G key fires the next cue (wrapping to Scene 1), with a short fade.
  await fade.fill('0.5');
  await page.getByTestId('scene-name').first().click();
  await page.keyboard.press('g');
  await expect(xField).toHaveValue(String(x0));
  await expect.poll(() => wallEdge(projector), { timeout: 15_000 }).toBe(x0 - 100);

  // Back to Primary: the main state (moved 200 px) returns, and Primary can be updated again.
  await item('Primary').getByRole('button', { name: 'Switch' }).click();
  await expect(xField).toHaveValue(String(x0 + 200));
  await expect(item('Primary').getByRole('button', { name: 'Update' })).toBeEnabled();

  // Clear is a command: Undo brings every scene back.
  await page.getByRole('button', { name: 'Clear all scenes' }).click();
  await expect(page.getByTestId('scene-item')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('scene-name')).toHaveText([/^Primary/, /^Scene 1/, /^Scene 2/]);

  // Import scenes from another project's file: added with their names, ids made unique.
  const other = buildProjectJson(['image']);
  other.scenes = [
    {
      id: 'scene_imported' as never,
      name: 'Imported look',
      description: '',
      layers: other.layers,
      canvas: other.canvas,
      warpPoints: other.warpPoints,
      created: 'x',
      modified: 'x',
      metadata: { created: 'x', modified: 'x' },
    },
  ];
  const file = join(mkdtempSync(join(tmpdir(), 'scenes-')), 'other-show.json');
  writeFileSync(file, JSON.stringify(other));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import scenes from a project file' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('scene-name')).toHaveText([/^Primary/, /^Scene 1/, /^Scene 2/, /^Imported look/]);
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('scene-item')).toHaveCount(3);

  // Keyframe copy and paste: K at 0 s, the x keyframe copied and pasted at 1 s.
  await page.getByRole('tab', { name: 'Layers' }).click();
  await page.locator('.layer-row__name').first().click();
  await page.keyboard.press('t');
  await expect(page.getByTestId('timeline')).toBeVisible();
  await page.getByTestId('timeline-time').click();
  await page.keyboard.press('k');
  const tracks = page.getByTestId('timeline-track');
  await expect(tracks).toHaveCount(6);
  await clickKeyframe(tracks.nth(4), 0);
  await expect(page.getByTestId('timeline-selection')).toHaveText(/^Selected: x keyframe at 0 ms/);
  await page.keyboard.press('Control+c');
  await page.getByTestId('timeline-ruler').click({ position: { x: 100, y: 16 } });
  const at = await page.getByTestId('timeline-time').textContent();
  await page.getByTestId('timeline-time').click();
  await page.keyboard.press('Control+v');
  await expect.poll(async () => (await keyframeTimes(tracks.nth(4))).length).toBe(2);
  expect(await keyframeTimes(tracks.nth(3)), 'only the copied x keyframe was pasted').toHaveLength(1);
  const pastedAt = (await keyframeTimes(tracks.nth(4)))[1];
  expect(pastedAt, `pasted at the playhead (${at})`).toBeGreaterThan(0);
  await settledScreenshot(page, 'scenes-keyframe-paste');
});
