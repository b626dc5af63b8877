import { expect, test } from './testing/test.ts';
import { addLayerFromMenu, newProject, settledScreenshot, signUpFresh } from './testing/studio.ts';
import { useOwnStudio } from './testing/own-studio.ts';

// The live connection as a user sees it when it drops (spec section 8: a websocket error puts the
// status in the error state, with a reason; section 4: it reconnects with backoff): the status bar
// and the top bar say why and that it is retrying, the Retry button is there, edits go on, and the
// line goes back to Live by itself when the studio is back.

const LOST = 'Offline — connection lost, retrying…';
const LOST_TOOLTIP = `${LOST} Changes are kept on this device and reach the server when the connection is back.`;

test.describe('with its own studio, stopped and started again', () => {
  const own = useOwnStudio();

  test('a dropped sync socket shows its reason while it retries, then Live again by itself', async ({ page }) => {
    test.setTimeout(300_000);
    await signUpFresh(page, 'Dropped Mapper');
    await newProject(page);
    await addLayerFromMenu(page, 'Add image layer');
    const status = page.getByTestId('status-connection');
    const topBar = page.getByTestId('live-status');
    await expect(status).toHaveText('Live');
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 30_000 });

    // The studio goes away: the socket drops.
    await own.stop();
    await expect(status).toHaveText(LOST, { timeout: 30_000 });
    await expect(status).toHaveAttribute('title', LOST_TOOLTIP);
    await expect(status).toHaveClass(/status-bar__live--error/);
    await expect(topBar).toHaveText(LOST);
    await expect(topBar).toHaveAttribute('data-tone', 'error');
    await expect(page.getByRole('button', { name: 'Retry the live connection' })).toBeVisible();
    // It keeps saying so through the retries (the api is unreachable for a ticket, then again): the
    // reason does not flicker back to a bare "Offline" while the backoff runs.
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      seen.add((await status.textContent()) ?? '');
      await page.waitForTimeout(400);
    }
    expect([...seen]).toEqual([LOST]);

    // Edits go on meanwhile (kept on this device).
    const x = page.getByLabel('X position', { exact: true });
    await x.fill('300');
    await x.press('Enter');
    await expect(x).toHaveValue('300');
    await settledScreenshot(page, 'connection-lost');

    // The studio is back: Live again without a click, and the edit made meanwhile is stored.
    await own.startAgain();
    await expect(status).toHaveText('Live', { timeout: 60_000 });
    await expect(topBar).toHaveText('Live');
    await expect(status).toHaveAttribute('title', 'Live');
    await expect(page.getByRole('button', { name: 'Retry the live connection' })).toHaveCount(0);
    await expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 60_000 });
    await expect(x).toHaveValue('300');
    await settledScreenshot(page, 'connection-back');
  });
});
