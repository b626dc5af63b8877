// The timeline paints its keyframe diamonds on a canvas (apps/editor panels/timeline/keyframe-paint.ts),
// so a journey finds a keyframe where a user sees it: each rendered track row says where its
// diamonds are painted (data-keyframe-times, data-keyframe-x), the journey checks the canvas really
// has a diamond there, then presses the mouse at that point.
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

const numbers = (text: string | null) => (text ?? '').split(' ').filter(Boolean).map(Number);

/** The times (ms) of the keyframes painted on a track row, in order. */
export async function keyframeTimes(track: Locator): Promise<number[]> {
  return numbers(await track.getAttribute('data-keyframe-times'));
}

/** How many keyframe diamonds the timeline holds on all its tracks (rendered or scrolled away). */
export async function keyframeCount(page: Page): Promise<number> {
  return Number(await page.locator('.tl-lanes').getAttribute('data-keyframe-count'));
}

/** The colour of the canvas's pixel at a page point (alpha 0: nothing painted there). */
async function canvasPixel(page: Page, at: { x: number; y: number }): Promise<[number, number, number, number]> {
  return page.getByTestId('timeline-keyframes').evaluate((canvas: HTMLCanvasElement, p) => {
    const box = canvas.getBoundingClientRect();
    const sx = canvas.width / box.width;
    const d = canvas.getContext('2d')!.getImageData(Math.round((p.x - box.left) * sx), Math.round((p.y - box.top) * sx), 1, 1).data;
    return [d[0]!, d[1]!, d[2]!, d[3]!] as [number, number, number, number];
  }, at);
}

/**
 * Where the `index`-th keyframe of a track row is painted (page coordinates), scrolled into view;
 * fails unless the canvas shows a diamond at that point.
 */
export async function keyframePoint(track: Locator, index: number): Promise<{ x: number; y: number }> {
  await track.scrollIntoViewIfNeeded();
  const xs = numbers(await track.getAttribute('data-keyframe-x'));
  expect(xs.length, `the track has a keyframe #${index}`).toBeGreaterThan(index);
  const box = (await track.boundingBox())!;
  const at = { x: box.x + xs[index]!, y: box.y + box.height / 2 };
  await expect.poll(async () => (await canvasPixel(track.page(), at))[3], { message: `a diamond is painted at ${at.x},${at.y}` }).toBeGreaterThan(200);
  return at;
}

/** Clicks the `index`-th keyframe diamond of a track row where it is painted, as a user would. */
export async function clickKeyframe(track: Locator, index: number, options: { shift?: boolean } = {}): Promise<void> {
  const page = track.page();
  const at = await keyframePoint(track, index);
  if (options.shift) await page.keyboard.down('Shift');
  await page.mouse.click(at.x, at.y);
  if (options.shift) await page.keyboard.up('Shift');
}
