import { expect, test } from './testing/test.ts';
import type { Locator, Page } from '@playwright/test';
import { startFakeOpenAi } from '../testing/fake-openai.ts';
import type { FakeOpenAi } from '../testing/fake-openai.ts';
import { useOwnStudio } from './testing/own-studio.ts';
import { addLayerFromMenu, at, newProject, publish, readPixels, screenshotPixels, settledScreenshot, signUpFresh } from './testing/studio.ts';

// The dashboard's missing parts as a user meets them: sort by name and by last
// edit, a filter box, publish and unpublish from a card with its badges, "Copy projector link"
// opened by an audience, and today's AI use in the plan panel (a studio with a local fake
// OpenAI-compatible model, so /api/ai-usage answers; the shared studio has no AI and shows the limit only).

/** Inside the sample picture (its bright upper-left quadrant on the 800x600 canvas) and on the black background. */
const PICTURE = { x: 330, y: 270 };
const BACKGROUND = { x: 60, y: 60 };
const brightness = (px: readonly number[] | undefined) => (px ?? [0, 0, 0]).slice(0, 3).reduce((a, b) => a + b, 0);

const card = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });
const cardNames = (page: Page) => page.locator('.project-card__title > a').allTextContents();

/** A project made from the dashboard, named in the editor, back on the dashboard. */
async function makeProject(page: Page, name: string, withPicture = false): Promise<string> {
  const id = await newProject(page);
  await page.getByLabel('Project name').fill(name);
  await page.getByLabel('Project name').press('Enter');
  if (withPicture) {
    await addLayerFromMenu(page, 'Add image layer');
    await expect.poll(async () => brightness((await readPixels(page, [PICTURE]))[0]), { timeout: 30_000 }).toBeGreaterThan(60);
    await publish(page);
  }
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('save-status')).not.toHaveText(/Saving/);
  // Back as a user goes back: the editor's own link (the editor draws the card's picture as it closes).
  await page.getByRole('link', { name: 'Back to your projects' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(card(page, name)).toBeVisible();
  return id;
}

/** The brightest pixel (r+g+b) in the middle fifth and near the corners of a card's picture, from a real screenshot. */
async function artBrightness(page: Page, art: Locator): Promise<{ middle: number; corners: number }> {
  const sum = (px: number[]) => px[0]! + px[1]! + px[2]!;
  // Corners inside the card's rounded corners and border.
  const corners = [0.1, 0.85].flatMap((x) => [0.12, 0.8].map((y) => ({ x, y, w: 0.02, h: 0.03 })));
  const [middle, ...around] = await screenshotPixels(page, await art.screenshot(), [{ x: 0.4, y: 0.4, w: 0.2, h: 0.2 }, ...corners]);
  return { middle: sum(middle!), corners: Math.max(...around.map(sum)) };
}

test.describe('with a fake AI provider', () => {
  let ai: FakeOpenAi;
  test.beforeAll(async () => void (ai = await startFakeOpenAi()));
  useOwnStudio(() => ({ AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'ai-test-key', AI_MODEL: 'fake-model' }));
  test.afterAll(async () => ai?.close());

  test('sort, filter, unpublish and republish a card, copy its projector link and open it; AI use today', async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    // What the editor said about drawing the cards' pictures, for a failure to name its cause.
    const pictureLogs: string[] = [];
    page.on('console', (m) => void (/thumbnail/i.test(m.text()) && pictureLogs.push(`${m.type()}: ${m.text()}`)));
    const withPictureLogs = (error: Error) => {
      error.message += `\nThe editor's thumbnail messages: ${pictureLogs.join(' | ') || 'none'}`;
      throw error;
    };
    await signUpFresh(page, 'Dashboard Mapper');

    // Three projects, made in this order: the newest edit is the last one.
    await makeProject(page, 'Bridge pillars');
    const apseId = await makeProject(page, 'apse window', true);
    await makeProject(page, 'Cathedral facade');

    // --- Each card shows its canvas as this browser drew it: the sample picture on black, or a black
    // canvas (not the generated art a project never opened here keeps).
    const apseArt = card(page, 'apse window').locator('.project-card__art');
    await expect(apseArt)
      .toHaveCSS('background-image', /^url\("data:image\/jpeg;base64,/, { timeout: 30_000 })
      .catch(withPictureLogs);
    const apsePicture = await artBrightness(page, apseArt);
    expect(apsePicture.middle, 'the picture in the middle of its card').toBeGreaterThan(300);
    expect(apsePicture.corners, 'the black canvas around it').toBeLessThan(90);
    const bridgeArt = card(page, 'Bridge pillars').locator('.project-card__art');
    await expect(bridgeArt)
      .toHaveCSS('background-image', /^url\("data:image\/jpeg;base64,/, { timeout: 30_000 })
      .catch(withPictureLogs);
    expect((await artBrightness(page, bridgeArt)).middle, 'an empty canvas is black').toBeLessThan(90);

    // --- The plan panel: today's AI use against the quota.
    await expect(page.getByTestId('plan-ai')).toHaveText('0 of 5');
    await expect(page.getByTestId('plan-usage').getByText('AI generations today')).toBeVisible();

    // --- Sorting: newest edit first by default, then by name (case-insensitive).
    await expect.poll(() => cardNames(page)).toEqual(['Cathedral facade', 'apse window', 'Bridge pillars']);
    await expect(page.getByLabel('Sort projects')).toHaveValue('modified');
    await page.getByLabel('Sort projects').selectOption('name');
    await expect.poll(() => cardNames(page)).toEqual(['apse window', 'Bridge pillars', 'Cathedral facade']);

    // --- Badges: the published project is live (published from the editor with live mode on).
    await expect(card(page, 'apse window').getByTestId('project-badges')).toHaveText('LivePublished');
    await expect(card(page, 'Bridge pillars').getByTestId('project-badges')).toHaveText('Draft');
    await expect(card(page, 'Bridge pillars').getByRole('button', { name: 'Copy projector link' })).toBeDisabled();
    await expect(card(page, 'Bridge pillars').getByRole('button', { name: 'Copy projector link' })).toHaveAttribute('title', /^Publish the project first/);
    await settledScreenshot(page, 'dashboard-by-name');

    // --- Filtering: case-insensitive on the name; nothing matching says so; the choice survives a reload.
    await page.getByLabel('Filter projects by name').fill('CATHE');
    await expect.poll(() => cardNames(page)).toEqual(['Cathedral facade']);
    await expect(page.getByTestId('project-count')).toHaveText('1 of 3 projects');
    await page.getByLabel('Filter projects by name').fill('nave');
    await expect(page.getByTestId('no-match')).toContainText('No project matches "nave".');
    await expect(page.locator('.project-card')).toHaveCount(0);
    await settledScreenshot(page, 'dashboard-no-match');
    await page.getByRole('button', { name: 'Clear the filter' }).click();
    await expect(page.getByLabel('Filter projects by name')).toHaveValue('');
    await expect(page.locator('.project-card')).toHaveCount(3);
    await page.getByLabel('Filter projects by name').fill('R');
    await page.reload();
    await expect(page.getByLabel('Filter projects by name')).toHaveValue('R');
    await expect(page.getByLabel('Sort projects')).toHaveValue('name');
    await expect.poll(() => cardNames(page)).toEqual(['Bridge pillars', 'Cathedral facade']);
    await page.getByLabel('Filter projects by name').fill('');
    await page.getByLabel('Sort projects').selectOption('modified');
    await expect.poll(() => cardNames(page)).toEqual(['Cathedral facade', 'apse window', 'Bridge pillars']);

    // --- A refused unpublish shows the api's message and the card keeps its state.
    const apse = card(page, 'apse window');
    await page.route(
      '**/api/projects/unpublish',
      (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Publishing is paused for maintenance' }) }),
      { times: 1 },
    );
    await apse.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.locator('.toast', { hasText: 'Publishing is paused for maintenance' })).toBeVisible();
    await expect(apse.getByTestId('project-badges')).toHaveText('LivePublished');
    await expect(apse.getByRole('button', { name: 'Unpublish' })).toBeEnabled();

    // --- Unpublish: Draft, the link is off, and the audience's projector link is a 404 now.
    await apse.getByRole('button', { name: 'Unpublish' }).click();
    await expect(apse.getByTestId('project-badges')).toHaveText('Draft');
    await expect(apse.getByRole('button', { name: 'Copy projector link' })).toBeDisabled();
    const gone = await context.request.get(at(`/api/projects/public?id=${encodeURIComponent(apseId)}`));
    expect(gone.status(), 'an unpublished project is not public').toBe(404);
    await settledScreenshot(page, 'dashboard-unpublished');

    // --- Republish from the card: live again (unpublishing kept the project's live setting); a reload agrees with the server.
    await apse.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(apse.getByTestId('project-badges')).toHaveText('LivePublished');
    await page.reload();
    await expect(card(page, 'apse window').getByTestId('project-badges')).toHaveText('LivePublished');

    // --- Copy projector link: the absolute /projector/{id} address, confirmed by a toast.
    await card(page, 'apse window').getByRole('button', { name: 'Copy projector link' }).click();
    const expected = at(`/projector/${encodeURIComponent(apseId)}`);
    await expect(page.locator('.toast', { hasText: `Projector link copied: ${expected}` })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(expected);
    await settledScreenshot(page, 'dashboard-link-copied');

    // --- The audience (no session) opens the copied link and the projector draws the picture.
    const audience = await browser.newContext();
    const projector = await audience.newPage();
    await projector.goto(copied);
    await expect.poll(async () => brightness((await readPixels(projector, [PICTURE]))[0]), { timeout: 60_000 }).toBeGreaterThan(60);
    const [picture, background] = await readPixels(projector, [PICTURE, BACKGROUND]);
    expect(brightness(picture)).toBeGreaterThan(brightness(background) + 60);
    await settledScreenshot(projector, 'dashboard-projector-from-link');
    await audience.close();
    await context.close();
  });
});

test('without AI configured the plan panel shows the daily limit only', async ({ page }) => {
  await signUpFresh(page, 'Plain Mapper');
  await expect(page.getByTestId('plan-ai')).toHaveText('5');
  await expect(page.getByTestId('plan-usage').getByText('AI generations a day')).toBeVisible();
  await expect(page.getByTestId('plan-usage')).toContainText('Free plan');
});
