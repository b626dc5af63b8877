import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { addLayerFromMenu, at, newProject, signUpFresh } from './testing/studio.ts';
import { clickKeyframe, keyframeCount } from './testing/timeline.ts';

// Spec section 7: deleting a keyframe or a layer calls DELETE /api/timeline/delete and
// DELETE /api/layers/delete. On the live document the deletion travels as a change; over REST
// (real-time off) these calls are how it reaches the server, at once and without Save.

/** Opens the project in a page whose real-time chunk cannot load: the editor works over REST. */
async function openOverRest(page: Page, projectId: string): Promise<void> {
  await page.goto(at(`/editor/${encodeURIComponent(projectId)}`));
  await expect(page.getByTestId('live-status')).toHaveText('Real-time collaboration is not available right now');
}

test('over REST, deleting a keyframe and a layer sends the spec calls and the server copy loses them without Save', async ({ page, context }) => {
  await signUpFresh(page, 'Cleanup Caller');
  const projectId = await newProject(page);
  await addLayerFromMenu(page, 'Add image layer');
  await addLayerFromMenu(page, 'Add image layer');
  await expect(page.locator('.layer-row')).toHaveCount(2);
  // A keyframe on Image 1 (selected from the layers panel, K at the playhead), stored live.
  await page.keyboard.press('t');
  await expect(page.getByTestId('timeline')).toBeVisible();
  await page.locator('.layer-row', { hasText: 'Image 1' }).click();
  await page.keyboard.press('k');
  await expect.poll(() => keyframeCount(page)).toBeGreaterThan(0);
  const keyframes = await keyframeCount(page);
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 30_000 });

  // Real-time off: the sync chunk is refused, so the editor opens the REST copy and edits it.
  await context.route(/\/assets\/browser-[^/]*\.js$/, (route) => route.abort());
  const rest = await context.newPage();
  await openOverRest(rest, projectId);
  await expect(rest.locator('.layer-row')).toHaveCount(2);
  if (!(await rest.getByTestId('timeline').isVisible())) await rest.keyboard.press('t');
  await expect(rest.locator('.tl-lanes')).toHaveAttribute('data-keyframe-count', String(keyframes));

  // One keyframe (on its property's row) selected and deleted: DELETE /api/timeline/delete with its id.
  await clickKeyframe(rest.getByTestId('timeline-track').nth(2), 0); // Image 2, Image 1, then its opacity row
  await expect(rest.getByTestId('timeline-selection')).toHaveText(/^Selected: opacity keyframe/);
  const timelineDelete = rest.waitForResponse((r) => r.url().endsWith('/api/timeline/delete') && r.request().method() === 'DELETE');
  await rest.keyboard.press('Shift+Delete');
  const tl = await timelineDelete;
  expect(tl.status()).toBe(200);
  const tlBody = tl.request().postDataJSON() as { projectId: string; keyframeId: string; revision?: number };
  expect(tlBody.projectId).toBe(projectId);
  expect(tlBody.keyframeId).toMatch(/\S/);
  expect(((await tl.json()) as { removed: Record<string, string[]> }).removed['keyframe']).toEqual([tlBody.keyframeId]);

  // Image 2 deleted from the layers panel: DELETE /api/layers/delete with its id.
  await rest.locator('.layer-row', { hasText: 'Image 2' }).click();
  const layerDelete = rest.waitForResponse((r) => r.url().endsWith('/api/layers/delete') && r.request().method() === 'DELETE');
  await rest.keyboard.press('Delete');
  const ld = await layerDelete;
  expect(ld.status()).toBe(200);
  const ldBody = ld.request().postDataJSON() as { projectId: string; layerId: string };
  expect(ldBody.projectId).toBe(projectId);
  expect(((await ld.json()) as { removed: Record<string, string[]> }).removed['layer']).toEqual([ldBody.layerId]);
  await expect(rest.locator('.layer-row')).toHaveCount(1);

  // Nobody pressed Save: a fresh load of the server copy has lost both.
  const again = await context.newPage();
  await openOverRest(again, projectId);
  await expect(again.locator('.layer-row')).toHaveCount(1);
  await expect(again.locator('.layer-row')).toContainText('Image 1');
  if (!(await again.getByTestId('timeline').isVisible())) await again.keyboard.press('t');
  await expect(again.locator('.tl-lanes')).toHaveAttribute('data-keyframe-count', String(keyframes - 2)); // gone from its property's row and the layer's row
});
