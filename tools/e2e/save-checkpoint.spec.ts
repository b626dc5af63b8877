import type { Page } from '@playwright/test';
import { expect, test } from './testing/test.ts';
import { at, newProject, settledScreenshot, signUpFresh } from './testing/studio.ts';
import { useOwnStudio } from './testing/own-studio.ts';

// Issue 19 item 1: with the live document open, Save is a checkpoint, not a re-send. Sync has
// carried every edit, so Ctrl+S writes the local copy and the backup and waits for the server's
// confirmation that the document is stored: "Project saved" then, and no POST /api/projects/update.
// With the studio stopped, Ctrl+S never claims the work is saved on the server.

const SAVED = 'Project saved';
const KEPT_LOCALLY = 'Saved in this browser: the server could not be reached. Your work reaches it when it is back';

/** Every POST /api/projects/update the page sends, and the latest bearer token its requests carry. */
function watchRequests(page: Page) {
  const updates: string[] = [];
  let token = '';
  page.on('request', (request) => {
    if (request.url().endsWith('/api/projects/update')) updates.push(request.method());
    const auth = request.headers()['authorization'];
    if (auth?.startsWith('Bearer ')) token = auth;
  });
  return { updates, token: () => token };
}

test('Ctrl+S while live: the saved toast, no REST re-send, and the server holds the edit', async ({ page }) => {
  test.setTimeout(90_000);
  const seen = watchRequests(page);
  await signUpFresh(page, 'Checkpoint Saver');
  const projectId = await newProject(page);
  // The live document is open (before it is, edits wait in memory and a save goes over REST).
  await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 30_000 });

  // A live edit: the project's name, typed in the top bar.
  await page.getByLabel('Project name').fill('Stored Before Said');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.toasts .toast--success')).toHaveText(SAVED);
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  expect(seen.updates, 'no POST /api/projects/update for a live save').toEqual([]);

  // The server's copy (its row follows the stored document) has the edit.
  const reply = await page.request.get(at(`/api/projects/${encodeURIComponent(projectId)}`), { headers: { authorization: seen.token() } });
  expect(reply.ok()).toBe(true);
  expect(((await reply.json()) as { metadata: { name: string } }).metadata.name).toBe('Stored Before Said');
  await settledScreenshot(page, 'save-checkpoint-live');
});

test.describe('with the studio stopped', () => {
  const own = useOwnStudio();

  test('Ctrl+S does not claim the work is saved on the server', async ({ page }) => {
    test.setTimeout(120_000);
    const seen = watchRequests(page);
    await signUpFresh(page, 'Outage Saver');
    await newProject(page);
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 30_000 });

    await own.stop();
    await expect(page.getByTestId('live-status')).toHaveText(/^Offline/, { timeout: 30_000 });
    await page.getByLabel('Project name').fill('Edited During The Outage');
    await page.keyboard.press('Control+s');
    await expect(page.getByText(KEPT_LOCALLY)).toBeVisible();
    await expect(page.getByText(SAVED, { exact: true })).toHaveCount(0);
    await expect(page.getByTestId('save-status')).toHaveText('Offline (local only)');
    expect(seen.updates, 'no REST save is tried for a live document').toEqual([]);
    await settledScreenshot(page, 'save-checkpoint-stopped');
  });
});
