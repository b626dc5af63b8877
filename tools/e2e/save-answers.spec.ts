import { expect, test } from '@playwright/test';
import { newProject, signUpFresh } from './testing/studio';

// Issue 19 item 2: a save the server refuses reaches the user with the spec's validation text
// (spec section 8, "Invalid canvas dimensions"), never the status phrase "Bad Request"; a save that
// applied says only "Project saved".
//
// The editor's own canvas inputs never send a bad size (spec section 5: the size stays unchanged),
// so the journey changes the body of the editor's real save on its way out (the canvas width set
// to 0) and lets the real server answer it: what is checked is the server's answer, as the editor
// shows it.

test.describe('save answers', () => {
  test('a refused save shows the validation text; a good one says Project saved', async ({ page }) => {
    test.setTimeout(120_000);
    await signUpFresh(page, 'Save Checker');
    await newProject(page);

    const refused = page.waitForResponse((r) => r.url().endsWith('/api/projects/update'));
    await page.route('**/api/projects/update', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { canvas?: Record<string, unknown> };
      await route.continue({ postData: JSON.stringify({ ...body, canvas: { ...body.canvas, width: 0 } }) });
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const answer = await refused;
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toEqual({ error: 'Invalid canvas dimensions', message: 'Invalid canvas dimensions' });
    const alert = page.locator('.toasts .toast--error');
    await expect(alert).toHaveText('Invalid canvas dimensions', { timeout: 20_000 });
    await expect(page.getByText('Bad Request')).toHaveCount(0);
    await page.unroute('**/api/projects/update');

    // A live edit (the sample picture as a layer), then a save that applies: no "did not apply" toast.
    await page.getByRole('button', { name: '+ Add' }).click();
    await page.getByRole('menuitem', { name: 'Add image layer' }).click();
    await page.getByRole('button', { name: 'Use the sample picture' }).click();
    await expect(page.locator('.layer-row')).toHaveCount(1);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/projects/update'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const ok = await saved;
    expect(ok.status()).toBe(200);
    expect((await ok.json()).kept).toEqual([]);
    await expect(page.locator('.toasts .toast--success')).toHaveText('Project saved', { timeout: 20_000 });
    await expect(page.getByText(/did not apply/)).toHaveCount(0);
  });
});
