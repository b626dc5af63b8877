import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import { makePng, makeWebm, startLoopbackSite } from './testing/loopback.ts';
import { addLayerFromMenu, at, newProject, publish, SCREENSHOTS, settledScreenshot, signUpFresh } from './testing/studio.ts';

// A new user adds each of the ten layer types through the Add menu (image
// and video by uploading files the test makes, a URL layer to a page on loopback under the
// development exception), reads the order in the layers panel (DOM types on top), duplicates with
// Ctrl+D, reorders by dragging (a canvas layer cannot go above a DOM layer: the marker says so
// before the drop), multi-selects and hides two layers, undoes and redoes; bad inputs (a text file
// as an image, a refused URL, an upload over the plan's storage limit) change nothing.

const DOM_TYPES = ['url', 'html', 'giphy', 'dom_mask', 'rtmp'];

const rows = (page: Page) => page.locator('.layer-list > .layer-row');
const row = (page: Page, name: string) =>
  page.locator('.layer-list > .layer-row', { has: page.locator('.layer-row__name', { hasText: new RegExp(`^${name}$`) }) });
const rowTypes = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-layer-type') ?? ''));
const rowNames = (page: Page) => page.locator('.layer-list > .layer-row .layer-row__name').allTextContents();
const dialog = (page: Page) => page.getByTestId('add-layer-dialog');

test.setTimeout(360_000);

test('layers: add all ten types, order, duplicate, drag, multi-select, undo and bad input', async ({ page }) => {
  const site = await startLoopbackSite();
  try {
    await signUpFresh(page, 'Layer Mapper');
    const projectId = await newProject(page);
    await publish(page);
    const png = await makePng(page);
    const webm = await makeWebm(page);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([...webm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

    // --- Image: a text file named .png is refused before upload; the real PNG uploads with progress.
    await addLayerFromMenu(page, 'Add image layer', { keepDialog: true });
    await expect(dialog(page)).toBeVisible();
    await settledScreenshot(page, 'layers-add-image');
    await page.getByLabel('Image file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
    await expect(dialog(page).getByRole('alert')).toHaveText('"notes.png" is not an image the studio can use: choose a PNG, JPEG, GIF or WebP file.');
    await expect(rows(page)).toHaveCount(0);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/assets/set-public-acl'));
    await page.getByLabel('Image file').setInputFiles({ name: 'facade.png', mimeType: 'image/png', buffer: png });
    expect((await uploaded).ok(), 'set-public-acl succeeds').toBe(true);
    await expect(dialog(page)).toHaveCount(0);
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, 'Image 1').locator('.layer-row__thumb img')).toHaveAttribute('src', /facade|\.png/);
    // The thumbnail is the uploaded picture itself, loaded from the public url.
    await expect
      .poll(() =>
        row(page, 'Image 1')
          .locator('.layer-row__thumb img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(64);

    // --- Video: a WebM recorded in the page.
    await addLayerFromMenu(page, 'Add video layer');
    await settledScreenshot(page, 'layers-add-video');
    await page.getByLabel('Video file').setInputFiles({ name: 'loop.webm', mimeType: 'video/webm', buffer: webm });
    await expect(row(page, 'Video 1')).toHaveCount(1);

    // --- An existing asset: the uploaded PNG is in the project's assets; picking it adds no upload.
    const imageSrc = await row(page, 'Image 1').locator('.layer-row__thumb img').getAttribute('src');
    await addLayerFromMenu(page, 'Add image layer', { keepDialog: true });
    await dialog(page).getByRole('tab', { name: 'Project assets' }).click();
    await settledScreenshot(page, 'layers-add-image-assets');
    await dialog(page).getByRole('button', { name: 'facade.png' }).click();
    await expect(row(page, 'Image 2').locator('.layer-row__thumb img')).toHaveAttribute('src', imageSrc ?? 'missing');
    await page.keyboard.press('Delete');
    await expect(rows(page)).toHaveCount(2);

    // --- URL: refused addresses say why and add nothing; a loopback page is allowed in development.
    await addLayerFromMenu(page, 'Add web page (url) layer');
    await settledScreenshot(page, 'layers-add-url');
    const address = dialog(page).getByLabel('Page address');
    const refusals: [string, string][] = [
      ['javascript:alert(1)', 'javascript: addresses run code inside the studio and are never allowed.'],
      ['data:text/html,<b>x</b>', 'data: addresses are not allowed: upload the file instead.'],
      ['http://example.com/', 'Only https:// addresses are allowed (plain http is not secure).'],
      [at('/dashboard'), "The studio's own pages cannot be shown inside a layer."],
    ];
    // The sandbox origin (where user code runs) counts as the studio's own too.
    const { sandboxOrigin } = (await (await page.request.get(at('/api/config'))).json()) as { sandboxOrigin?: string };
    if (sandboxOrigin) refusals.push([`${sandboxOrigin}/`, "The studio's own pages cannot be shown inside a layer."]);
    for (const [input, reason] of refusals) {
      await address.fill(input);
      await dialog(page).getByRole('button', { name: 'Add layer' }).click();
      await expect(dialog(page).getByRole('alert')).toHaveText(reason);
    }
    await expect(rows(page)).toHaveCount(2);
    await address.fill(`${site.origin}/page.html`);
    await dialog(page).getByRole('button', { name: 'Add layer' }).click();
    await expect(row(page, 'Url 1')).toHaveCount(1);

    // --- Code layers start from the spec's sample (the code editor is another helper's).
    await addLayerFromMenu(page, 'Add HTML layer');
    await expect(row(page, 'Html 1')).toHaveCount(1);
    // Adding a code layer opens the code editor over the stage: close it to reach the stage.
    await page.getByTestId('code-panel').getByRole('button', { name: 'Close' }).click();
    await page.locator('[data-testid=stage-canvas]').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('F2');
    await expect(row(page, 'Fragment-shader 1')).toHaveCount(1);
    await addLayerFromMenu(page, 'Add p5.js sketch layer');
    await expect(row(page, 'P5js 1')).toHaveCount(1);
    await page.getByTestId('code-panel').getByRole('button', { name: 'Close' }).click();

    // --- GIF by address, masks with the default disc, a stream with its HLS fallback.
    await addLayerFromMenu(page, 'Add GIF (giphy) layer');
    // Adding a GIF opens the search (spec section 4); an address is one click away.
    await page.getByTestId('gif-search').getByRole('button', { name: 'Use a GIF address instead' }).click();
    await settledScreenshot(page, 'layers-add-gif');
    await dialog(page).getByLabel('GIF address').fill(`${site.origin}/anim.gif`);
    await dialog(page).getByRole('button', { name: 'Add layer' }).click();
    await expect(row(page, 'Giphy 1')).toHaveCount(1);
    await addLayerFromMenu(page, 'Add mask layer');
    await addLayerFromMenu(page, 'Add dom mask layer');
    await expect(row(page, 'Mask 1').locator('.layer-row__thumb img')).toHaveAttribute('src', /^data:image\/png/);
    await addLayerFromMenu(page, 'Add live stream (rtmp/hls) layer');
    await settledScreenshot(page, 'layers-add-stream');
    await dialog(page).getByLabel('Stream address').fill('rtmp://localhost/live/key');
    await dialog(page).getByLabel('HLS fallback address').fill('javascript:alert(1)');
    await dialog(page).getByRole('button', { name: 'Add layer' }).click();
    await expect(dialog(page).getByRole('alert')).toHaveText('javascript: addresses run code inside the studio and are never allowed.');
    await dialog(page).getByLabel('HLS fallback address').fill(`${site.origin}/live.m3u8`);
    await dialog(page).getByRole('button', { name: 'Add layer' }).click();
    await expect(row(page, 'Rtmp 1')).toHaveCount(1);
    await expect(rows(page)).toHaveCount(10);

    // --- The panel lists the draw order: every DOM type above every canvas type.
    const types = await rowTypes(page);
    expect(new Set(types).size, 'all ten types').toBe(10);
    const firstCanvas = types.findIndex((t) => !DOM_TYPES.includes(t) && t !== 'mask');
    const lastDom = types.map((t) => DOM_TYPES.includes(t)).lastIndexOf(true);
    expect(lastDom, `DOM layers on top: ${types.join(', ')}`).toBeLessThan(firstCanvas);
    await page
      .locator('.dock')
      .first()
      .screenshot({ path: `${SCREENSHOTS}layers-panel-ten-types.png` });

    // --- Over the plan's storage limit: the api's quota text, no layer. The 500 MB file exists
    // only in the page (a blob of one zero-filled buffer repeated); the refusal comes before any PUT.
    await addLayerFromMenu(page, 'Add video layer');
    await page.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('input[aria-label="Video file"]')!;
      const head = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
      const mb = new Uint8Array(1024 * 1024);
      const parts: BlobPart[] = [head, mb.subarray(head.length)];
      for (let i = 1; i < 500; i += 1) parts.push(mb);
      const data = new DataTransfer();
      data.items.add(new File(parts, 'huge.mp4', { type: 'video/mp4' }));
      input.files = data.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect(dialog(page).getByRole('alert')).toHaveText(/^Storage limit reached: Your plan allows \d+ bytes of uploads$/);
    await settledScreenshot(page, 'layers-add-video-quota');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(rows(page)).toHaveCount(10);

    // --- Duplicate with Ctrl+D: " Copy" right after the original, +20/+20 (read from the public document).
    const publicLayers = async () => {
      const reply = await page.request.get(at(`/api/projects/public?id=${encodeURIComponent(projectId)}`));
      const body = (await reply.json()) as { layers?: { name: string; type: string; x: number; y: number }[] };
      return body.layers ?? [];
    };
    await row(page, 'Image 1').click();
    await page.keyboard.press('Control+d');
    await expect(row(page, 'Image 1 Copy')).toHaveCount(1);
    const names = await rowNames(page);
    expect(names.indexOf('Image 1 Copy')).toBe(names.indexOf('Image 1') + 1);
    await expect.poll(async () => (await publicLayers()).some((l) => l.name === 'Image 1 Copy'), { timeout: 10_000 }).toBe(true);
    const pub = await publicLayers();
    const original = pub.find((l) => l.name === 'Image 1')!;
    const copy = pub.find((l) => l.name === 'Image 1 Copy')!;
    expect([copy.x - original.x, copy.y - original.y]).toEqual([20, 20]);
    await expect(row(page, 'Image 1 Copy')).toHaveAttribute('aria-selected', 'true');

    // --- Drag a canvas layer to the top: the marker snaps below the last DOM layer before the drop.
    const dragRow = async (name: string, targetName: string, hold: (p: Page) => Promise<void>) => {
      const from = (await row(page, name).boundingBox())!;
      const to = (await row(page, targetName).boundingBox())!;
      await page.mouse.move(from.x + 60, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + 60, from.y + from.height / 2 - 8, { steps: 3 });
      await page.mouse.move(to.x + 60, to.y + 3, { steps: 8 });
      await hold(page);
      await page.mouse.up();
    };
    const top = (await rowNames(page))[0]!;
    await dragRow('Fragment-shader 1', top, async (p) => {
      const marker = p.getByTestId('drop-marker');
      await expect(marker).toHaveAttribute('data-constrained', 'true');
      // The marker sits between the last DOM row and the first canvas row.
      const around = await marker.evaluate((m) => [
        m.previousElementSibling?.getAttribute('data-layer-type'),
        m.nextElementSibling?.getAttribute('data-layer-type'),
      ]);
      expect(DOM_TYPES.includes(around[0] ?? '') || around[0] === 'mask', `above the marker: ${around[0]}`).toBe(true);
      expect(DOM_TYPES.includes(around[1] ?? ''), `below the marker: ${around[1]}`).toBe(false);
      await p
        .locator('.dock')
        .first()
        .screenshot({ path: `${SCREENSHOTS}layers-drag-marker.png` });
    });
    await expect(page.getByTestId('drop-marker')).toHaveCount(0);
    const afterDrag = await rowTypes(page);
    const shaderAt = (await rowNames(page)).indexOf('Fragment-shader 1');
    expect(
      afterDrag.slice(0, shaderAt).every((t) => DOM_TYPES.includes(t) || t === 'mask'),
      `nothing but DOM layers above the shader: ${afterDrag.join(', ')}`,
    ).toBe(true);
    expect(shaderAt, 'the shader moved up to the first canvas place').toBeLessThan(afterDrag.length - 1);
    // A legal drag among canvas layers lands where the marker showed.
    const canvasNames = (await rowNames(page)).filter((_, i) => !DOM_TYPES.includes(afterDrag[i]!));
    const lastCanvas = canvasNames.at(-1)!;
    await dragRow(lastCanvas, 'Fragment-shader 1', async (p) => {
      await expect(p.getByTestId('drop-marker')).toHaveAttribute('data-constrained', 'false');
    });
    const afterSecond = await rowNames(page);
    expect(afterSecond.indexOf(lastCanvas)).toBe(afterSecond.indexOf('Fragment-shader 1') - 1);

    // --- Rename by double-click: Enter commits, Esc reverts.
    await row(page, 'Video 1').locator('.layer-row__name').dblclick();
    await page.getByLabel('Layer name').fill('Window loop');
    await page.keyboard.press('Enter');
    await expect(row(page, 'Window loop')).toHaveCount(1);
    await row(page, 'Window loop').locator('.layer-row__name').dblclick();
    await page.getByLabel('Layer name').fill('Discarded');
    await page.keyboard.press('Escape');
    await expect(row(page, 'Window loop')).toHaveCount(1);
    await expect(row(page, 'Discarded')).toHaveCount(0);

    // --- Multi-select two layers (Ctrl-click) and hide both with one eye; undo and redo.
    await row(page, 'Image 1').click();
    await row(page, 'Window loop').click({ modifiers: ['Control'] });
    await expect(page.locator('.layer-row[aria-selected=true]')).toHaveCount(2);
    await page
      .locator('.dock')
      .first()
      .screenshot({ path: `${SCREENSHOTS}layers-multi-select.png` });
    await row(page, 'Image 1').getByRole('button', { name: 'Hide Image 1' }).click();
    await expect(row(page, 'Image 1')).toHaveClass(/layer-row--hidden/);
    await expect(row(page, 'Window loop')).toHaveClass(/layer-row--hidden/);
    await expect(row(page, 'Image 1 Copy')).not.toHaveClass(/layer-row--hidden/);
    // The p5 layer's code editor (opened when it was added) lies over half the stage: closed first.
    const codePanel = page.getByTestId('code-panel');
    if (await codePanel.isVisible()) await codePanel.getByRole('button', { name: 'Close' }).click();
    await page.locator('[data-testid=stage-canvas]').hover();
    await page.keyboard.press('Control+z');
    await expect(row(page, 'Image 1')).not.toHaveClass(/layer-row--hidden/);
    await expect(row(page, 'Window loop')).not.toHaveClass(/layer-row--hidden/);
    await page.keyboard.press('Control+y');
    await expect(row(page, 'Image 1')).toHaveClass(/layer-row--hidden/);
    await expect(row(page, 'Window loop')).toHaveClass(/layer-row--hidden/);

    // --- Shift-click selects a range; the context menu's items are registry actions.
    const before = await rowNames(page);
    const span = Math.abs(before.indexOf('Image 1') - before.indexOf('Image 1 Copy')) + 1;
    await row(page, 'Image 1').click();
    await row(page, 'Image 1 Copy').click({ modifiers: ['Shift'] });
    await expect(page.locator('.layer-row[aria-selected=true]')).toHaveCount(span);
    await row(page, 'Image 1 Copy').click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Layer' });
    await expect(menu.getByRole('menuitem', { name: /Duplicate/ })).toBeEnabled();
    await page.screenshot({ path: `${SCREENSHOTS}layers-context-menu.png` });
    await menu.getByRole('menuitem', { name: /Delete layer/ }).click();
    await expect(rows(page)).toHaveCount(11 - span);
    await expect(row(page, 'Image 1')).toHaveCount(0);
    await page.keyboard.press('Control+z');
    await expect(rows(page)).toHaveCount(11);
    expect(await rowNames(page), 'undo puts the deleted layers back in their places').toEqual(before);

    // --- A PNG dropped on the stage uploads and lands centred where it was dropped.
    const box = (await page.locator('[data-testid=stage-canvas]').boundingBox())!;
    /** Drops one file on the stage at a fraction of its box; returns where that is on the 800x600 canvas. */
    const dropFile = async (file: { name: string; type: string; bytes: Buffer }, fx: number, fy: number) => {
      const dropAt = { x: Math.round(box.x + box.width * fx), y: Math.round(box.y + box.height * fy) };
      await page.evaluate(
        async ({ b64, name, type: mime, x, y }) => {
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const data = new DataTransfer();
          data.items.add(new File([bytes], name, { type: mime }));
          const target = document.querySelector('[data-testid=stage-canvas]')!;
          for (const type of ['dragenter', 'dragover', 'drop'])
            target.dispatchEvent(new DragEvent(type, { dataTransfer: data, clientX: x, clientY: y, bubbles: true, cancelable: true }));
        },
        { b64: file.bytes.toString('base64'), name: file.name, type: file.type, ...dropAt },
      );
      // Client coordinates are whole pixels.
      return { x: ((dropAt.x - box.x) / box.width) * 800, y: ((dropAt.y - box.y) / box.height) * 600 };
    };
    const expected = await dropFile({ name: 'dropped.png', type: 'image/png', bytes: png }, 0.25, 0.75);
    await expect(rows(page)).toHaveCount(12);
    await expect.poll(async () => (await publicLayers()).some((l) => l.name === 'Image 3'), { timeout: 10_000 }).toBe(true);
    const dropped = (await publicLayers()).find((l) => l.name === 'Image 3')!;
    expect(Math.abs(dropped.x - expected.x), `dropped x ${dropped.x} vs ${expected.x}`).toBeLessThan(1);
    expect(Math.abs(dropped.y - expected.y), `dropped y ${dropped.y} vs ${expected.y}`).toBeLessThan(1);

    // --- A video file dropped on the stage becomes a video layer where it was dropped, as a picture does.
    const videosBefore = (await publicLayers()).filter((l) => l.type === 'video').map((l) => l.name);
    const videoAt = await dropFile({ name: 'dropped.webm', type: 'video/webm', bytes: webm }, 0.75, 0.3);
    await expect(rows(page)).toHaveCount(13);
    const newVideo = async () => (await publicLayers()).find((l) => l.type === 'video' && !videosBefore.includes(l.name));
    await expect.poll(async () => (await newVideo()) !== undefined, { message: 'the dropped video reaches the server', timeout: 10_000 }).toBe(true);
    const droppedVideo = (await newVideo())!;
    expect(Math.abs(droppedVideo.x - videoAt.x), `dropped video x ${droppedVideo.x} vs ${videoAt.x}`).toBeLessThan(1);
    expect(Math.abs(droppedVideo.y - videoAt.y), `dropped video y ${droppedVideo.y} vs ${videoAt.y}`).toBeLessThan(1);

    await settledScreenshot(page, 'layers-workspace-many');
    await page
      .locator('.dock')
      .first()
      .screenshot({ path: `${SCREENSHOTS}layers-panel-many.png` });
  } finally {
    site.server.close();
  }
});
