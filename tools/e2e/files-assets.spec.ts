import { expect, test } from './testing/test.ts';
import type { Locator, Page } from '@playwright/test';
import { makeWebm } from './testing/loopback.ts';
import { newProject, SCREENSHOTS, screenshotPixels, settledScreenshot, signUpFresh } from './testing/studio.ts';

// What a person sees in the Assets tab: a video's thumbnail is a frame of the
// video (its pixels, not only an element), and the browser's own storage shows beside the offline
// copies, with the warning before the browser could evict them (here as on the dashboard).

/** The pixel at the centre of what the screen shows for `el` (its screenshot, decoded by the page's own PNG decoder). */
async function centrePixel(page: Page, el: Locator): Promise<number[]> {
  const [px] = await screenshotPixels(page, await el.screenshot({ animations: 'disabled' }), [{ x: 0.5, y: 0.5, w: 0, h: 0 }]);
  return px!.slice(0, 3);
}

test("a video's thumbnail in the Assets tab is a frame of it; the browser's storage and its eviction warning are shown", async ({ page }) => {
  test.setTimeout(180_000);
  await signUpFresh(page, 'Poster Mapper');
  // Headless Chromium does not grant persistent storage: the dashboard warns about eviction.
  await expect(page.getByTestId('browser-storage')).toContainText(/This browser keeps .+ of offline copies \(room for .+\)\./);
  await expect(page.getByTestId('browser-storage-warning')).toHaveText(
    'Offline copies are not kept persistently: the browser may delete them when the device runs short of space. Your server copies stay safe; work made offline is only in this browser until the server has it.',
  );
  await settledScreenshot(page, 'files-dashboard-browser-storage');
  // This studio has no billing configured: no billing portal button to fail (files-billing.spec.ts has one).
  await expect(page.getByRole('button', { name: 'Change plan' }).or(page.getByRole('link', { name: 'Change plan' }))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Billing portal' })).toHaveCount(0);

  await newProject(page);
  // A real WebM recorded by Chromium: every frame a saturated colour (no black, no grey).
  const webm = await makeWebm(page);
  await page.getByRole('tab', { name: 'Assets' }).click();
  await page.getByTestId('assets-upload-input').setInputFiles({ name: 'loop.webm', mimeType: 'video/webm', buffer: webm });
  const item = page.getByTestId('asset-item').filter({ hasText: 'loop.webm' });
  await expect(item).toHaveCount(1, { timeout: 30_000 });
  await expect(item).toContainText('video');
  const thumb = item.locator('.asset-thumb');
  await expect(thumb).toBeVisible();
  // The thumbnail shows a frame: a bright, saturated colour where an empty one is the black box.
  await expect
    .poll(
      async () => {
        const px = await centrePixel(page, thumb);
        return Math.max(...px) - Math.min(...px);
      },
      { message: 'the video thumbnail shows a frame of the video', timeout: 30_000 },
    )
    .toBeGreaterThan(120);

  // The browser's storage beside the offline copies, with the same warning.
  const storage = page.getByTestId('assets-panel').getByTestId('browser-storage');
  await expect(storage).toContainText(/This browser keeps .+ of offline copies/);
  await expect(storage.getByTestId('browser-storage-warning')).toContainText('the browser may delete them when the device runs short of space');
  await settledScreenshot(page, 'files-assets-video-poster');
  await item.screenshot({ path: `${SCREENSHOTS}files-assets-video-item.png` });
});
