import { expect, test } from '@playwright/test';
import { addLayerFromMenu, at, newProject, settledScreenshot, signUpFresh } from './testing/studio.ts';

// The workspace layout and the one action registry, as a user meets them:
// the Add menu, shortcuts (ignored while typing), the ? panel, the Ctrl/Cmd+K palette, and a layout
// that is remembered per browser.

test('workspace: add from the menu, shortcuts, ? panel, palette, remembered layout', async ({ page }) => {
  await signUpFresh(page);
  await newProject(page);
  await expect(page.getByTestId('workspace')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Layers' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('status-canvas')).toHaveText('800 × 600');
  await expect(page.getByTestId('status-layers')).toHaveText('0 layers');

  // The Add menu lists one action per layer type; an image layer arrives selected.
  await page.getByRole('button', { name: '+ Add' }).click();
  // One "Add … layer" item per layer type (the menu also offers tools such as Draw mask).
  await expect(page.getByRole('menuitem', { name: /^Add .* layer$/ })).toHaveCount(10);
  await page.keyboard.press('Escape');
  await addLayerFromMenu(page, 'Add image layer');
  await expect(page.locator('.layer-row__name')).toHaveText(['Image 1']);
  await expect(page.getByTestId('status-selection')).toHaveText('Image 1');

  // F2 adds a shader layer (spec section 9), the stage keeps focus on the page.
  await page.locator('.workspace__stage').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('F2');
  await expect(page.locator('.layer-row__name')).toHaveText(['Fragment-shader 1', 'Image 1'].map((n) => new RegExp(n.replace('-', '.'), 'i')));

  // Ctrl+D duplicates the selection and never reaches the browser (no bookmark dialog: the event is prevented).
  await page.locator('.layer-row__main').filter({ hasText: 'Image 1' }).click();
  const prevented = await page.evaluate(() => {
    const e = new KeyboardEvent('keydown', { key: 'd', ctrlKey: true, bubbles: true, cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });
  expect(prevented, 'Ctrl+D is kept from the browser').toBe(true);
  await expect(page.locator('.layer-row__name')).toContainText(['Image 1 Copy']);
  await expect(page.getByTestId('status-layers')).toHaveText('3 layers');

  // Shortcuts are ignored while typing: Delete in the project name deletes text, not the layer.
  await page.getByLabel('Project name').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('status-layers')).toHaveText('3 layers');
  await page.locator('.layer-row__main').filter({ hasText: 'Image 1 Copy' }).click();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('status-layers')).toHaveText('2 layers');
  // Undo brings it back (Ctrl+Z from the registry).
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('status-layers')).toHaveText('3 layers');

  // The ? panel lists every shortcut, read from the registry.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.locator('[data-action="layer.duplicate"] kbd')).toHaveText('Ctrl+D');
  await expect(help.locator('[data-action="edit.redo"] kbd')).toHaveText(['Ctrl+Y', 'Ctrl+Shift+Z']);
  await expect(help.locator('[data-action="add.fragment-shader"] kbd')).toHaveText('F2');
  await settledScreenshot(page, 'workspace-shortcuts');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Ctrl+K: the palette finds "Add video layer" by typing and runs it with Enter.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('add video');
  await expect(palette.getByRole('option')).toHaveCount(1);
  await settledScreenshot(page, 'workspace-palette');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  // A video needs a source first: the action opens the Add dialog (media/AddLayerDialog); closing it adds nothing.
  const addVideo = page.getByRole('dialog', { name: 'Add a video layer' });
  await expect(addVideo).toBeVisible();
  await addVideo.getByRole('button', { name: 'Close' }).click();
  await expect(addVideo).toHaveCount(0);
  await expect(page.getByTestId('status-layers')).toHaveText('3 layers');

  // The layout is remembered per browser: collapse the inspector, switch tabs, reload.
  await page.getByRole('separator', { name: 'Resize the inspector' }).dblclick();
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toHaveCount(0);
  await settledScreenshot(page, 'workspace-collapsed');
  await page.reload();
  await expect(page.getByTestId('workspace')).toBeVisible();
  // The opened project's media load behind a 'Loading layers...' hint that then goes away.
  await expect(page.getByTestId('stage-loading')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show the inspector' }).click();
  await expect(page.getByRole('complementary', { name: 'Inspector' })).toBeVisible();
  await expect(page.getByTestId('status-layers')).toHaveText('3 layers');
  await settledScreenshot(page, 'workspace');
});

test('documentation: the Editor page lists the shortcuts the registry has', async ({ page }) => {
  await page.goto(at('/documentation/editor'));
  await expect(page.getByRole('heading', { level: 1, name: 'The editor' })).toBeVisible();
  const duplicate = page.getByRole('row', { name: /Duplicate/ });
  await expect(duplicate.locator('kbd')).toHaveText('Ctrl+D');
  await expect(page.getByRole('row', { name: /Add fragment shader layer/ }).locator('kbd')).toHaveText('F2');
  await settledScreenshot(page, 'docs-editor', true);
});

