import { expect, test } from './testing/test.ts';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addLayerFromMenu, maxDifference, newProject, openProjector, publish, readPixels, settledScreenshot, signUpFresh } from './testing/studio';

// Files: export a project as a zip that carries its media, delete it, import the zip
// from the dashboard and see the same pixels on the projector; backups restore as an undoable
// edit; hostile zips through the UI get their messages and lose nothing.

/** Points inside the sample picture's quadrants and one on the background (800x600 canvas). */
const PROBES = [
  { x: 330, y: 270 },
  { x: 470, y: 230 },
  { x: 330, y: 370 },
  { x: 460, y: 380 },
  { x: 100, y: 100 },
];
const SAME_PIXEL_TOLERANCE = 6;
const work = mkdtempSync(join(tmpdir(), 'files-e2e-'));

async function projectMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Project ▾' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function projectorPixels(page: Page, projectId: string): Promise<number[][]> {
  const projector = await openProjector(page.context().browser()!, projectId);
  await expect.poll(async () => (await readPixels(projector, PROBES))[0]?.slice(0, 3).reduce((a, b) => a + b, 0) ?? 0, { timeout: 30_000 }).toBeGreaterThan(60);
  const pixels = await readPixels(projector, PROBES);
  await projector.context().close();
  return pixels;
}

test('export a zip, delete the project, import the zip and see the same pixels; restore a backup', async ({ page }) => {
  await signUpFresh(page, 'Files Mapper');
  const projectId = await newProject(page);
  await page.getByLabel('Project name').fill('Zip Trip');
  await addLayerFromMenu(page, 'Add image layer');
  await publish(page);
  const before = await projectorPixels(page, projectId);
  expect(before[0]?.slice(0, 3).reduce((a, b) => a + b, 0)).toBeGreaterThan(60);

  // Save writes a backup; the Backups dialog lists it.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('save-status')).not.toHaveText(/Saving/);
  await projectMenu(page, 'Backups…');
  const backups = page.getByRole('dialog', { name: 'Backups' });
  await expect(backups.getByTestId('backup-item')).toHaveCount(1);
  await settledScreenshot(page, 'files-backups-dialog');
  await backups.getByRole('button', { name: 'Close' }).click();

  // A wrong click: the layer goes; the backup brings it back, and Undo would take the restore back.
  await page.locator('.layer-row__main').first().click();
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await readPixels(page, PROBES.slice(0, 1)))[0]?.slice(0, 3).reduce((a, b) => a + b, 0)).toBeLessThan(30);
  await projectMenu(page, 'Backups…');
  await page.getByRole('dialog', { name: 'Backups' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('dialog', { name: 'Backups' })).toHaveCount(0);
  await expect.poll(async () => (await readPixels(page, PROBES.slice(0, 1)))[0]?.slice(0, 3).reduce((a, b) => a + b, 0)).toBeGreaterThan(60);

  // Export as zip (Ctrl+Shift+S): named after the project, carrying the picture.
  const download = page.waitForEvent('download');
  await page.keyboard.press('Control+Shift+S');
  const zipFile = await download;
  expect(zipFile.suggestedFilename()).toBe('Zip Trip.zip');
  const zipPath = join(work, 'Zip Trip.zip');
  await zipFile.saveAs(zipPath);
  const zip = await JSZip.loadAsync(readFileSync(zipPath));
  const json = JSON.parse(await zip.file('project.json')!.async('string')) as { layers: { content: { src?: string } }[] };
  const src = json.layers[0]?.content.src ?? '';
  expect(src).toMatch(/^assets\/[^/]+\/beamstage-sample\.png$/);
  expect(zip.file(src)).not.toBeNull();

  // Delete it from the dashboard (the confirmation names it).
  await page.goto(new URL('/dashboard', page.url()).toString());
  page.once('dialog', (d) => {
    expect(d.message()).toContain('Zip Trip');
    void d.accept();
  });
  await page.locator(`[data-project-id="${projectId}"]`).getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator(`[data-project-id="${projectId}"]`)).toHaveCount(0);

  // Import the zip: a new project with its picture uploaded to this user's storage.
  await page.getByTestId('import-project-input').setInputFiles(zipPath);
  const imported = page.locator('.project-card', { hasText: 'Zip Trip' });
  await expect(imported).toHaveCount(1);
  const newId = (await imported.getAttribute('data-project-id')) ?? '';
  expect(newId).toMatch(/^proj_/);
  expect(newId).not.toBe(projectId);
  const card = page.locator(`[data-project-id="${newId}"]`);
  // Several projects on the dashboard: a duplicate of the imported one.
  await card.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.locator('.project-card')).toHaveCount(2);
  await expect(page.getByTestId('plan-projects')).toHaveText('2 of 3');
  await expect(page.getByTestId('plan-storage')).toBeVisible();
  await settledScreenshot(page, 'files-dashboard', true);

  await card.getByRole('link', { name: 'Zip Trip', exact: true }).click();
  await page.waitForURL(/\/editor\//);
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  await publish(page);
  const after = await projectorPixels(page, newId);
  expect(maxDifference(before, after)).toBeLessThanOrEqual(SAME_PIXEL_TOLERANCE);
});

test('hostile zips through the dashboard get their messages and lose nothing', async ({ page }) => {
  await signUpFresh(page, 'Files Breaker');
  await expect(page.getByRole('heading', { name: 'Your projects' })).toBeVisible();

  const noJson = new JSZip();
  noJson.file('readme.txt', 'no project here');
  const noJsonPath = join(work, 'no-project.zip');
  writeFileSync(noJsonPath, await noJson.generateAsync({ type: 'uint8array' }));
  await page.getByTestId('import-project-input').setInputFiles(noJsonPath);
  await expect(page.getByTestId('import-error')).toHaveText('Import failed: No project.json found in ZIP file');

  const bomb = new JSZip();
  bomb.file('project.json', '{}');
  bomb.file('assets/a/zeros.png', new Uint8Array(8 * 1024 * 1024));
  const bombPath = join(work, 'bomb.zip');
  writeFileSync(bombPath, await bomb.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } }));
  await page.getByTestId('import-project-input').setInputFiles(bombPath);
  await expect(page.getByTestId('import-error')).toContainText('suspicious compression ratio');
  await expect(page.locator('.project-card')).toHaveCount(0);
});

test('draw a mask with the pen, save it as PNG and see it masking the layer on the projector', async ({ page }) => {
  await signUpFresh(page, 'Mask Drawer');
  const projectId = await newProject(page);
  await addLayerFromMenu(page, 'Add image layer');
  await publish(page);
  const before = await projectorPixels(page, projectId);
  expect(before[1]?.slice(0, 3).reduce((a, b) => a + b, 0)).toBeGreaterThan(60);

  await page.locator('.layer-row__main').first().click();
  await addLayerFromMenu(page, 'Draw mask');
  const modal = page.getByRole('dialog', { name: 'Draw Freehand Mask' });
  await expect(modal).toBeVisible();
  const canvas = modal.getByTestId('mask-canvas');
  const box = (await canvas.boundingBox())!;
  const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  await page.keyboard.press('p');
  // A filled square over the drawing's top-left quarter, closed by clicking its first point.
  for (const [fx, fy] of [
    [0.01, 0.01],
    [0.5, 0.01],
    [0.5, 0.5],
    [0.01, 0.5],
    [0.01, 0.01],
  ] as const) {
    const p = at(fx, fy);
    await page.mouse.click(p.x, p.y);
  }
  await settledScreenshot(page, 'files-mask-modal');
  await modal.getByRole('button', { name: 'Save as PNG' }).click();
  await expect(page.getByText(/^Mask saved: hand-drawn-mask-.+\.png$/)).toBeVisible();
  await expect(modal).toHaveCount(0);

  // The projector draws the mask: the drawn quarter keeps the picture, the rest of it goes dark.
  const projector = await openProjector(page.context().browser()!, projectId);
  await expect.poll(async () => (await readPixels(projector, PROBES))[1]?.slice(0, 3).reduce((a, b) => a + b, 0) ?? 999, { timeout: 30_000 }).toBeLessThan(30);
  const after = await readPixels(projector, PROBES);
  expect(maxDifference([before[0]!], [after[0]!])).toBeLessThanOrEqual(SAME_PIXEL_TOLERANCE);
});

test('the Assets tab: upload with progress, drag onto the stage, rename, delete', async ({ page }) => {
  await signUpFresh(page, 'Asset Keeper');
  await newProject(page);
  await page.getByRole('tab', { name: 'Assets' }).click();
  const panel = page.getByTestId('assets-panel');
  await expect(panel).toBeVisible();
  const sample = fileURLToPath(new URL('../../apps/editor/public/samples/beamstage-sample.png', import.meta.url));
  await panel.getByTestId('assets-upload-input').setInputFiles([sample]);
  await expect(panel.getByTestId('upload-progress').first()).toBeVisible();
  const item = panel.getByTestId('asset-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('beamstage-sample.png');
  await expect(item).toContainText('KB');
  await expect(panel.getByTestId('assets-storage')).not.toContainText('0 B of');

  // Drag it onto the stage: a layer showing it.
  await item.dragTo(page.getByTestId('stage-canvas'));
  await expect.poll(async () => (await readPixels(page, PROBES.slice(0, 1)))[0]?.slice(0, 3).reduce((a, b) => a + b, 0)).toBeGreaterThan(60);

  await item.getByRole('button', { name: /^Rename/ }).click();
  await item.getByLabel('Asset name').fill('facade.png');
  await item.getByLabel('Asset name').press('Enter');
  await expect(item).toContainText('facade.png');
  await settledScreenshot(page, 'files-assets-panel');

  await item.getByRole('button', { name: /^Delete/ }).click();
  await expect(panel.getByTestId('asset-item')).toHaveCount(0);
});
