import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import {
  addLayerFromMenu,
  maxDifference,
  newProject,
  openProjector,
  publish,
  readPixels,
  SCREENSHOTS,
  settledScreenshot,
  signUpFresh,
} from './testing/studio.ts';

// The inspector as a new user meets it: its typed arithmetic, blend mode
// and opacity reach the projector's pixels; bad input is refused with a message and changes
// nothing; a shader edited in the code editor runs only when it compiles (its error shown on its
// line, the projector untouched), and Undo takes a Run back as one step.

/** A grid of canvas points (800x600 project) over the middle, where the layers sit. */
const GRID = Array.from({ length: 5 }, (_, r) => Array.from({ length: 7 }, (_, c) => ({ x: 220 + c * 60, y: 180 + r * 60 }))).flat();
/** The centre of the canvas, where a new 200x200 layer sits. */
const CENTRE = [{ x: 400, y: 300 }];
const RED = [[255, 0, 0]];
const GREEN = [[0, 255, 0]];
/** Same image on two renderers (editor vs projector, before vs after): SwiftShader filtering noise. */
const SAME = 8;

const solid = (r: string, g: string, b: string) => `precision mediump float;\nvoid main() {\n  gl_FragColor = vec4(${r}, ${g}, ${b}, 1.0);\n}\n`;
/** Green by a uniform the inspector sets (0 until set: the GPU's default). */
const GREEN_BY_UNIFORM = `precision mediump float;\nuniform float uGreen;\nuniform vec3 uTintColor;\nvoid main() {\n  gl_FragColor = vec4(0.0, uGreen, 0.0, 1.0) + vec4(uTintColor * 0.0, 0.0);\n}\n`;
const BLACK = [[0, 0, 0]];
/** render-core's shader size limit (SHADER_SOURCE_MAX_CHARS), as the refusal names it. */
const SHADER_SOURCE_MAX_CHARS = 64 * 1024;
const BROKEN = `precision mediump float;\nvoid main() {\n  gl_FragColor = vec4(oops, 0.0, 0.0, 1.0);\n}\n`;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await field(page, label).fill(text);
  await field(page, label).press('Enter');
}

/** Replaces the code editor's text as a person would (select all, type). */
async function replaceCode(page: Page, text: string): Promise<void> {
  await page.getByTestId('code-input').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}

/**
 * The whole inspector, every section: the window is made as tall as the inspector's content for
 * the shot (the dock scrolls otherwise and a shot would show only its top), toasts hidden.
 */
async function inspectorShot(page: Page, name: string): Promise<void> {
  await expect(page.locator('.nav-progress--on')).toHaveCount(0);
  const dock = page.getByRole('complementary', { name: 'Inspector' });
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const tall = await dock.evaluate((el) => el.scrollHeight - el.clientHeight);
  if (tall > 0) await page.setViewportSize({ width: viewport.width, height: Math.min(viewport.height + tall + 8, 4000) });
  await expect.poll(() => dock.evaluate((el) => el.scrollHeight - el.clientHeight), { message: 'the whole inspector fits' }).toBeLessThanOrEqual(0);
  await dock.screenshot({ path: `${SCREENSHOTS}${name}.png`, animations: 'disabled', style: '.toasts { display: none !important; }' });
  await page.setViewportSize(viewport);
}

// The longest journey (every layer type's inspector): about a minute on CI, three on a loaded machine.
test.setTimeout(300_000);

test('inspector and code editor: arithmetic, blend and opacity on the projector, refused input, shader Run and Undo', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpFresh(page, 'Inspector Journey');
  const projectId = await newProject(page);

  await addLayerFromMenu(page, 'Add image layer');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-layer-type', 'image');
  await publish(page);
  const projector = await openProjector(browser, projectId);
  await expect
    .poll(async () => maxDifference(await readPixels(projector, GRID), await readPixels(page, GRID)), { message: 'the projector shows the image' })
    .toBeLessThanOrEqual(SAME);
  const start = await readPixels(projector, GRID);

  // Transform by typed arithmetic: X 400+20, width 200*1.5, rotation 45.
  await typeInto(page, 'X position', '400+20');
  await expect(field(page, 'X position')).toHaveValue('420');
  await typeInto(page, 'Width', '200*1.5');
  await expect(field(page, 'Width')).toHaveValue('300');
  await typeInto(page, 'Rotation', '(90)/2');
  await expect(field(page, 'Rotation')).toHaveValue('45');
  await expect
    .poll(async () => maxDifference(await readPixels(projector, GRID), start), { message: 'the projector shows the moved, wider, rotated image' })
    .toBeGreaterThan(100);
  await expect
    .poll(async () => maxDifference(await readPixels(projector, GRID), await readPixels(page, GRID)), { message: 'editor and projector agree' })
    .toBeLessThanOrEqual(SAME);
  const transformed = await readPixels(projector, GRID);

  // Scrub: drag the Y label 20 px right (one unit a pixel), then Undo takes the whole drag back as one step.
  const yLabel = page.getByTestId('inspector-transform').locator('[data-scrub]', { hasText: /^Y$/ });
  const yBox = await yLabel.boundingBox();
  if (!yBox) throw new Error('no Y label');
  await page.mouse.move(yBox.x + yBox.width / 2, yBox.y + yBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(yBox.x + yBox.width / 2 + 20, yBox.y + yBox.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(field(page, 'Y position')).toHaveValue('320');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(field(page, 'Y position')).toHaveValue('300');
  await expect(field(page, 'Rotation')).toHaveValue('45');

  // Opacity 0.5 halves the image over the black background; multiply on black makes it black.
  await typeInto(page, 'Opacity', '0.5');
  await expect
    .poll(async () => maxDifference(await readPixels(projector, GRID), transformed), { message: 'opacity reaches the projector' })
    .toBeGreaterThan(60);
  const halved = await readPixels(projector, GRID);
  const bright = (px: number[][]) => Math.max(...px.map((p) => Math.max(p[0] ?? 0, p[1] ?? 0, p[2] ?? 0)));
  expect(bright(halved), 'half opacity is dimmer').toBeLessThan(bright(transformed) * 0.7);
  await page.getByLabel('Blend mode').selectOption('multiply');
  await expect
    .poll(async () => bright(await readPixels(projector, GRID)), { message: 'multiply over black is black on the projector' })
    .toBeLessThanOrEqual(SAME);
  await inspectorShot(page, 'inspector-image');

  // Bad input: letters in X are refused with a message, nothing changes, Esc reverts the text.
  const beforeBad = await readPixels(projector, GRID);
  await typeInto(page, 'X position', 'abc');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a number, or a sum such as 400+20' })).toBeVisible();
  await inspectorShot(page, 'inspector-bad-input');
  await field(page, 'X position').press('Escape');
  await expect(field(page, 'X position')).toHaveValue('420');
  await typeInto(page, 'Opacity', '1.5');
  await expect(page.getByText('Must be between 0 and 1')).toBeVisible();
  await field(page, 'Opacity').press('Escape');
  await expect(field(page, 'Opacity')).toHaveValue('0.5');
  expect(maxDifference(await readPixels(projector, GRID), beforeBad), 'refused input changed nothing').toBeLessThanOrEqual(SAME);

  // Canvas settings (nothing selected): a negative width gets the spec's message; the canvas keeps 800.
  await page.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inspector-canvas')).toBeVisible();
  await typeInto(page, 'Canvas width', '-800');
  await expect(page.locator('.number-field__error').filter({ hasText: 'Invalid canvas dimensions' })).toBeVisible();
  await expect(page.locator('.toast').filter({ hasText: 'Invalid canvas dimensions' })).toBeVisible();
  await inspectorShot(page, 'inspector-canvas-invalid');
  await field(page, 'Canvas width').press('Escape');
  await expect(field(page, 'Canvas width')).toHaveValue('800');
  await expect(projector.locator('canvas').first()).toHaveAttribute('width', '800');

  // F2 adds a shader and opens the code editor; a solid red shader runs on the projector.
  await page.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('F2');
  await expect(page.getByTestId('code-panel')).toBeVisible();
  await expect(page.getByTestId('code-input')).toBeVisible();
  await replaceCode(page, solid('1.0', '0.0', '0.0'));
  await expect(page.getByTestId('code-dirty')).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('code-dirty')).toHaveCount(0);
  await expect
    .poll(async () => maxDifference(await readPixels(projector, CENTRE), RED), { message: 'the red shader reaches the projector' })
    .toBeLessThanOrEqual(SAME);

  // A broken shader: Run is refused, the error sits on line 3, the projector stays red.
  await replaceCode(page, BROKEN);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('code-errors')).toContainText('Line 3');
  await expect(page.getByTestId('code-errors')).toContainText('oops');
  await expect(page.locator('.cm-line').nth(2).locator('.cm-lintRange-error')).toHaveCount(1);
  await expect(page.getByTestId('code-dirty')).toBeVisible();
  await settledScreenshot(page, 'code-editor-error');
  await page.waitForTimeout(1_000);
  expect(maxDifference(await readPixels(projector, CENTRE), RED), 'a refused shader never reaches the projector').toBeLessThanOrEqual(SAME);

  // Oversize code: Run is refused with the sizes named, nothing reaches the projector.
  await replaceCode(page, `${solid('0.0', '0.0', '1.0')}// ${'x'.repeat(SHADER_SOURCE_MAX_CHARS)}\n`);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('code-errors')).toContainText(/The code is [\d,]+ characters; the limit is 65,536\. Nothing was run\./);
  await expect(page.getByTestId('code-dirty')).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(maxDifference(await readPixels(projector, CENTRE), RED), 'oversize code never reaches the projector').toBeLessThanOrEqual(SAME);

  // Fixed with the Run button: it compiles and runs (black: its uniform is still 0); the inspector
  // offers the declared uniforms, and setting uGreen to 1 turns the projector green.
  await replaceCode(page, GREEN_BY_UNIFORM);
  await page.getByTestId('code-panel').getByRole('button', { name: /Run/ }).click();
  await expect(page.getByTestId('code-errors')).toHaveCount(0);
  await expect
    .poll(async () => maxDifference(await readPixels(projector, CENTRE), BLACK), { message: 'the fixed shader reaches the projector' })
    .toBeLessThanOrEqual(SAME);
  await expect(page.getByTestId('inspector-uniforms')).toContainText('uGreen');
  await expect(page.getByLabel('uTintColor colour')).toBeVisible();
  await typeInto(page, 'uGreen', '1');
  await expect
    .poll(async () => maxDifference(await readPixels(projector, CENTRE), GREEN), { message: 'the uniform reaches the projector' })
    .toBeLessThanOrEqual(SAME);
  await settledScreenshot(page, 'code-editor');
  await inspectorShot(page, 'inspector-fragment-shader');
  // Undo: first the uniform, then the whole Run in one step (back to the red shader).
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => maxDifference(await readPixels(projector, CENTRE), BLACK), { message: 'Undo reverts the uniform' }).toBeLessThanOrEqual(SAME);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect
    .poll(async () => maxDifference(await readPixels(projector, CENTRE), RED), { message: 'Undo reverts the Run as one step' })
    .toBeLessThanOrEqual(SAME);
  await expect(page.locator('.cm-content')).toContainText('vec4(1.0, 0.0, 0.0, 1.0)');
  // Redo by keyboard from outside the code editor (Ctrl+Shift+Z, then Ctrl+Y): the Run, then the uniform.
  await page.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Control+Shift+Z');
  await expect
    .poll(async () => maxDifference(await readPixels(projector, CENTRE), BLACK), { message: 'Ctrl+Shift+Z redoes the Run' })
    .toBeLessThanOrEqual(SAME);
  await expect(page.locator('.cm-content')).toContainText('uniform float uGreen;');
  await page.keyboard.press('Control+y');
  await expect.poll(async () => maxDifference(await readPixels(projector, CENTRE), GREEN), { message: 'Ctrl+Y redoes the uniform' }).toBeLessThanOrEqual(SAME);
  await page.getByTestId('code-panel').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('code-panel')).toHaveCount(0);

  // The inspector of every other layer type, for the record.
  const others = [
    ['Add video layer', 'video'],
    ['web page', 'url'],
    ['Add HTML layer', 'html'],
    ['Add GIF', 'giphy'],
    ['Add p5.js sketch layer', 'p5js'],
    ['Add mask layer', 'mask'],
    ['dom mask', 'dom_mask'],
    ['live stream', 'rtmp'],
  ] as const;
  // Source layers open the Add dialog: give each an https address (nothing is fetched for the inspector).
  const addresses: Partial<Record<string, [label: string, address: string]>> = {
    video: ['Video address', 'https://media.example/loop.webm'],
    url: ['Page address', 'https://example.com/'],
    giphy: ['GIF address', 'https://media.example/anim.gif'],
  };
  for (const [item, type] of others) {
    await addLayerFromMenu(page, item);
    // A GIF opens the GIF search first (spec section 4); its address field is one click away.
    if (type === 'giphy') await page.getByTestId('gif-search').getByRole('button', { name: 'Use a GIF address instead' }).click();
    const dialog = page.getByTestId('add-layer-dialog');
    const address = addresses[type];
    if (type === 'video') await dialog.getByRole('tab', { name: 'From a URL' }).click();
    if (address) {
      await dialog.getByLabel(address[0]).fill(address[1]);
      await dialog.getByRole('button', { name: 'Add layer' }).click();
    } else if (type === 'rtmp') {
      await dialog.getByLabel('Stream address').fill('rtmp://live.example/app/key');
      await dialog.getByLabel('HLS fallback address').fill('https://live.example/stream.m3u8');
      await dialog.getByRole('button', { name: 'Add layer' }).click();
    }
    await expect(dialog).toHaveCount(0);
    const panel = page.getByTestId('code-panel');
    if (await panel.isVisible()) await panel.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-layer-type', type);
    await inspectorShot(page, `inspector-${type}`);
    if (type === 'html') {
      // Interactive also locks an HTML layer (spec section 4): the summary and the layer's row say so.
      const interactive = page.getByTestId('inspector').getByRole('checkbox', { name: /Interactive/ });
      await expect(page.getByRole('button', { name: /^Unlock / })).toHaveCount(0);
      await interactive.check();
      await expect(page.getByTestId('inspector-summary')).toContainText('locked');
      await expect(page.getByRole('button', { name: /^Unlock / })).toHaveCount(1);
      await interactive.uncheck();
      await expect(page.getByTestId('inspector-summary')).not.toContainText('locked');
      await expect(page.getByRole('button', { name: /^Unlock / })).toHaveCount(0);
    }
  }
  await context.close();
});
