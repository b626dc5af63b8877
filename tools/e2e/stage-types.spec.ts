import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { addLayerFromMenu, newProject, openProjector, publish, settledScreenshot, signUpFresh } from './testing/studio.ts';

// User code plays the same in the editor and on the projector, from the sandbox origin
// only: an HTML layer and a p5.js sketch added through the UI run in sandboxed frames of the
// sandbox origin in both places, at the same place relative to the canvas.

/** The box of a layer's DOM element relative to the stage canvas, in canvas units (0..1). */
async function relativeBox(page: Page, layerType: string) {
  return page.evaluate((type) => {
    const canvas = document.querySelector('canvas');
    const frame =
      Array.from(document.querySelectorAll('iframe')).find((f) => f.closest(`[data-layer-type="${type}"]`) || f.dataset['layerType'] === type) ??
      document.querySelector('iframe');
    if (!canvas || !frame) return null;
    const c = canvas.getBoundingClientRect();
    const f = frame.getBoundingClientRect();
    return { x: (f.x + f.width / 2 - c.x) / c.width, y: (f.y + f.height / 2 - c.y) / c.height, sandbox: frame.getAttribute('sandbox'), src: frame.src };
  }, layerType);
}

test('user code: an HTML layer runs in the sandbox origin, in the editor and on the projector', async ({ page, browser }) => {
  await signUpFresh(page);
  const projectId = await newProject(page);
  await addLayerFromMenu(page, 'Add HTML layer');
  await page.getByTestId('code-panel').getByRole('button', { name: 'Close' }).click();
  await publish(page);

  const { sandboxOrigin } = (await (await page.request.get(new URL('/api/config', page.url()).toString())).json()) as { sandboxOrigin: string };
  const editorFrame = page.locator(`iframe[src^="${sandboxOrigin}"]`);
  await expect(editorFrame).toHaveCount(1);
  await expect(editorFrame).toHaveAttribute('sandbox', 'allow-scripts');
  // The sample page's heading renders inside the sandboxed frame.
  await expect(page.frameLocator(`iframe[src^="${sandboxOrigin}"]`).getByRole('heading', { name: 'Hello, Beamstage' })).toBeVisible();

  const projector = await openProjector(browser, projectId);
  const projectorFrame = projector.locator(`iframe[src^="${sandboxOrigin}"]`);
  await expect(projectorFrame).toHaveCount(1);
  await expect(projector.frameLocator(`iframe[src^="${sandboxOrigin}"]`).getByRole('heading', { name: 'Hello, Beamstage' })).toBeVisible();

  const inEditor = await relativeBox(page, 'html');
  const onWall = await relativeBox(projector, 'html');
  expect(inEditor && onWall, 'both pages place the frame').toBeTruthy();
  expect(Math.abs((inEditor?.x ?? 0) - (onWall?.x ?? 1))).toBeLessThan(0.01);
  expect(Math.abs((inEditor?.y ?? 0) - (onWall?.y ?? 1))).toBeLessThan(0.01);
  await settledScreenshot(page, 'stage-types-editor-html');
  await settledScreenshot(projector, 'stage-types-projector-html');
});
