import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { addLayerFromMenu, newProject, settledScreenshot, signUpFresh } from './testing/studio.ts';

// Spec section 2, navigation rules: going editor -> dashboard -> editor in the
// page (no reload) leaves nothing of the page left behind: no HTML layer frame, no keyboard
// handler of the old editor reacting, no animation frames piling up.

/**
 * Counts, from before the app loads, the animation frames requested and not yet run or cancelled
 * and the keyboard listeners attached to window and document (the app's own trackers wrap these).
 */
function installProbe(page: Page) {
  return page.addInitScript(() => {
    const pending = new Set<number>();
    const request = window.requestAnimationFrame.bind(window);
    const cancel = window.cancelAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => {
      const handle = request((t) => {
        pending.delete(handle);
        cb(t);
      });
      pending.add(handle);
      return handle;
    };
    window.cancelAnimationFrame = (handle) => {
      pending.delete(handle);
      cancel(handle);
    };
    // [target, type, listener, capture] of each keyboard listener attached now.
    const keys: unknown[][] = [];
    for (const target of [window, document] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      const remove = target.removeEventListener.bind(target);
      const entry = (type: string, l: unknown, o: unknown) => [
        target,
        type,
        l,
        typeof o === 'boolean' ? o : Boolean((o as { capture?: boolean } | undefined)?.capture),
      ];
      const indexOf = (e: unknown[]) => keys.findIndex((k) => k.every((v, i) => v === e[i]));
      target.addEventListener = (type: string, l: EventListenerOrEventListenerObject | null, o?: boolean | AddEventListenerOptions) => {
        add(type, l, o);
        if (l && type.startsWith('key') && indexOf(entry(type, l, o)) < 0) keys.push(entry(type, l, o));
      };
      target.removeEventListener = (type: string, l: EventListenerOrEventListenerObject | null, o?: boolean | EventListenerOptions) => {
        remove(type, l, o);
        const i = indexOf(entry(type, l, o));
        if (i >= 0) keys.splice(i, 1);
      };
    }
    (window as unknown as { __navProbe: unknown }).__navProbe = { frames: () => pending.size, keyListeners: () => keys.length };
  });
}

const probe = (page: Page) =>
  page.evaluate(() => {
    const p = (window as unknown as { __navProbe: { frames(): number; keyListeners(): number } }).__navProbe;
    return { frames: p.frames(), keyListeners: p.keyListeners(), iframes: document.querySelectorAll('iframe').length };
  });
const rows = (page: Page) => page.locator('.layer-list > .layer-row');

test('editor, dashboard and editor again, three times in the page: nothing of the pages left behind', async ({ page }) => {
  test.setTimeout(240_000);
  await installProbe(page);
  await signUpFresh(page, 'Wandering Mapper');
  const projectId = await newProject(page);
  // An HTML layer (its frame runs user code) and a picture.
  await addLayerFromMenu(page, 'Add HTML layer');
  const code = page.getByTestId('code-panel');
  if (await code.isVisible()) await code.getByRole('button', { name: 'Close' }).click();
  await addLayerFromMenu(page, 'Add image layer');
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 30_000 });
  await expect.poll(async () => (await probe(page)).iframes, { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await probe(page);
  await expect(page.getByTestId('layer-issue')).toHaveCount(0);
  // A marker a reload would lose: every move below must keep it (navigation in the page).
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  const samePage = () => page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true);

  let layers = 2;
  for (let round = 1; round <= 3; round += 1) {
    // What a page could forget to let go of (a bug, a library): a key handler, a drawing loop and a
    // sandboxed frame, made here the way page code makes them. The navigation rules must release them.
    await page.evaluate(() => {
      const w = window as unknown as { __leak: { keys: number; frames: number } };
      w.__leak = { keys: 0, frames: 0 };
      window.addEventListener('keydown', () => (w.__leak.keys += 1));
      const loop = () => {
        w.__leak.frames += 1;
        requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.srcdoc = '<p>left behind</p>';
      document.body.appendChild(frame);
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __leak: { frames: number } }).__leak.frames)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Back to your projects' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(page.locator(`[data-project-id="${projectId}"]`)).toBeVisible();
    expect(await samePage(), `round ${round}: the dashboard opened in the page`).toBe(true);
    // The editor's frames are gone, its key handlers let go and nothing keeps asking for frames.
    await expect.poll(async () => (await probe(page)).iframes, { message: `round ${round}: HTML layer frames left on the dashboard` }).toBe(0);
    await expect.poll(async () => (await probe(page)).keyListeners, { message: `round ${round}: key listeners left on the dashboard` }).toBe(0);
    await expect
      .poll(async () => (await probe(page)).frames, { message: `round ${round}: animation frames still requested on the dashboard`, timeout: 15_000 })
      .toBe(0);
    // Keys pressed on the dashboard reach no editor (the project keeps its layers, checked on
    // return) and not the forgotten handler; the forgotten loop stopped.
    const leak = () => page.evaluate(() => ({ ...(window as unknown as { __leak: { keys: number; frames: number } }).__leak }));
    const stopped = await leak();
    await page.keyboard.press('Delete');
    await page.keyboard.press('Control+d');
    await page.waitForTimeout(500);
    expect(await leak(), `round ${round}: the forgotten key handler and drawing loop were released`).toEqual({ keys: 0, frames: stopped.frames });
    if (round === 1) await settledScreenshot(page, 'files-navigation-dashboard');

    await page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === `/editor/${encodeURIComponent(projectId)}`);
    expect(await samePage(), `round ${round}: the editor opened in the page`).toBe(true);
    await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 30_000 });
    await expect(rows(page)).toHaveCount(layers);
    // As many frames, key listeners and HTML frames as on the first visit: none piled up.
    await expect.poll(async () => (await probe(page)).iframes, { timeout: 30_000 }).toBe(first.iframes);
    // The HTML layer runs again in the new page (no frame of the old one reported as failing here).
    await expect(page.locator('iframe').contentFrame().getByRole('heading', { name: 'Hello, Beamstage' })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('layer-issue'), `round ${round}: no layer reported failing`).toHaveCount(0);
    const now = await probe(page);
    expect(now.keyListeners, `round ${round}: key listeners`).toBe(first.keyListeners);
    await expect
      .poll(async () => (await probe(page)).frames, { message: `round ${round}: animation frames`, timeout: 15_000 })
      .toBeLessThanOrEqual(first.frames);
    // One key press is one action: Duplicate makes exactly one layer (an old editor's handler would make another).
    // (The picture: a copy of the HTML layer would rightly add a frame.)
    await rows(page).and(page.locator('[data-layer-type="image"]')).first().click();
    await page.keyboard.press('Control+d');
    layers += 1;
    await expect(rows(page)).toHaveCount(layers);
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 30_000 });
    // Checked again a moment later, after the live document had time to merge any second copy.
    await page.waitForTimeout(1000);
    await expect(rows(page)).toHaveCount(layers);
  }
  await settledScreenshot(page, 'files-navigation-editor');
});
