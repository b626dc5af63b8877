import { expect, test } from './testing/test.ts';
import type { BrowserContext, Page } from '@playwright/test';
import { startFakeGiphy } from '../testing/fake-giphy.ts';
import type { FakeGiphy } from '../testing/fake-giphy.ts';
import { startFakeOpenAi } from '../testing/fake-openai.ts';
import type { FakeOpenAi } from '../testing/fake-openai.ts';
import { useOwnStudio } from './testing/own-studio.ts';
import { addLayerFromMenu, maxDifference, newProject, openProjector, publish, readPixels, settledScreenshot, signUpFresh } from './testing/studio.ts';

// GIF search and AI generation as a user meets them: GIF search when a GIF layer is added and from its
// inspector (through the api's proxy to a local fake GIPHY), and AI code generation from the Add
// menu and the code editor (through the api to a local fake OpenAI-compatible model), with the
// daily quota at its limit; and, on the shared studio started without keys, the 503 texts.

const CENTRE = [{ x: 400, y: 300 }];
const WHITE = [[255, 255, 255]];
const SAME = 8;
/** A 1x1 red GIF: what the fake provider's image addresses answer in the browser. */
const RED_GIF = Buffer.from('R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** The fake provider's media host is not on the network: the browser gets a real GIF for it. */
async function serveFakeMedia(context: BrowserContext): Promise<void> {
  await context.route('https://media.giphy.example/**', (route) => route.fulfill({ status: 200, contentType: 'image/gif', body: RED_GIF }));
}

const gifPanel = (page: Page) => page.getByTestId('gif-search');
const aiDialog = (page: Page) => page.getByTestId('ai-dialog');

test.describe('without GIPHY and AI keys', () => {
  test('the GIF search and the AI prompt say they are not configured; the GIF address stays reachable', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpFresh(page, 'Unconfigured Mapper');
    await newProject(page);

    await addLayerFromMenu(page, 'Add GIF (giphy) layer');
    await expect(gifPanel(page)).toBeVisible();
    await gifPanel(page).getByLabel('Search GIFs').fill('neon');
    await expect(gifPanel(page).getByTestId('gif-search-status')).toHaveText('GIF search is not configured');
    await settledScreenshot(page, 'gif-not-configured');
    await gifPanel(page).getByRole('button', { name: 'Use a GIF address instead' }).click();
    await expect(gifPanel(page)).toHaveCount(0);
    await expect(page.getByTestId('add-layer-dialog').getByLabel('GIF address')).toBeVisible();
    await page.getByTestId('add-layer-dialog').getByRole('button', { name: 'Close' }).click();

    await addLayerFromMenu(page, 'Generate with AI');
    await expect(aiDialog(page).getByTestId('ai-error')).toHaveText('AI generation is not configured');
    await expect(aiDialog(page).getByRole('button', { name: /Generate/ })).toBeDisabled();
    await settledScreenshot(page, 'ai-not-configured');
    await context.close();
  });
});

test.describe('with the fake GIPHY and AI providers', () => {
  let giphy: FakeGiphy;
  let ai: FakeOpenAi;
  test.beforeAll(async () => void ([giphy, ai] = await Promise.all([startFakeGiphy(), startFakeOpenAi()])));
  useOwnStudio(() => ({
    GIPHY_API_KEY: giphy.apiKey,
    GIPHY_BASE_URL: giphy.baseUrl,
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: 'ai-test-key',
    AI_MODEL: 'fake-model',
  }));
  test.afterAll(async () => void (await Promise.all([giphy?.close(), ai?.close()])));

  test('GIF search sets the layer; AI makes a shader layer the projector draws, replaces code, and stops at the quota', async ({ browser }) => {
    const context = await browser.newContext();
    await serveFakeMedia(context);
    const page = await context.newPage();
    await signUpFresh(page, 'Configured Mapper');
    const projectId = await newProject(page);
    await publish(page);
    const projector = await openProjector(browser, projectId);
    await serveFakeMedia(projector.context());

    // --- Adding a GIF layer opens the search; results are animated previews with the attribution.
    await addLayerFromMenu(page, 'Add GIF (giphy) layer');
    await gifPanel(page).getByLabel('Search GIFs').fill('neon');
    await expect(gifPanel(page).getByRole('button', { name: /^Use neon/ })).toHaveCount(3);
    await expect(gifPanel(page).getByTestId('gif-attribution')).toHaveText('Powered by GIPHY');
    await expect(gifPanel(page).locator('img').first()).toHaveAttribute('src', 'https://media.giphy.example/0/neon-200.gif');
    await expect
      .poll(
        () =>
          gifPanel(page)
            .locator('img')
            .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
        { message: 'the previews load' },
      )
      .toBe(3);
    await settledScreenshot(page, 'gif-results');
    // The key stays on the server: the browser's request names none, the provider's did.
    expect(giphy.requests.at(-1)?.query['q']).toBe('neon');
    await gifPanel(page).getByRole('button', { name: 'Use neon 0' }).click();
    await expect(gifPanel(page)).toHaveCount(0);
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-layer-type', 'giphy');
    await expect(page.getByLabel('Source', { exact: true })).toHaveValue('https://media.giphy.example/0/neon.gif');

    // --- From the inspector: another GIF for the same layer.
    await page.getByRole('button', { name: 'Search GIFs' }).click();
    await expect(gifPanel(page)).toHaveAttribute('aria-label', 'Change the GIF');
    await gifPanel(page).getByLabel('Search GIFs').fill('rain');
    await gifPanel(page).getByRole('button', { name: 'Use rain 2' }).click();
    await expect(page.getByLabel('Source', { exact: true })).toHaveValue('https://media.giphy.example/2/rain.gif');
    // Off to the left, so the projector shows it beside the shader that comes next.
    await page.getByLabel('X position', { exact: true }).fill('150');
    await page.getByLabel('X position', { exact: true }).press('Enter');
    // The projector plays the picked GIF (libs/stage's DOM layer for giphy).
    await expect(projector.locator('img[data-layer-type="giphy"], [data-layer-type="giphy"] img')).toHaveAttribute(
      'src',
      'https://media.giphy.example/2/rain.gif',
    );
    await settledScreenshot(page, 'gif-picked');
    await settledScreenshot(projector, 'gif-projector');

    // --- Generate with AI: a shader layer, named by the answer, drawn white by the projector.
    await addLayerFromMenu(page, 'Generate with AI');
    await expect(aiDialog(page).getByTestId('ai-usage')).toHaveText('5 of 5 AI generations left today (0 used)');
    await aiDialog(page).getByLabel('Describe the code to generate').fill('pure white light');
    await settledScreenshot(page, 'ai-dialog');
    await aiDialog(page)
      .getByRole('button', { name: /Generate/ })
      .click();
    await expect(aiDialog(page)).toHaveCount(0);
    await expect(page.getByTestId('code-panel')).toBeVisible();
    await expect(page.getByTestId('code-panel')).toHaveAttribute('aria-label', 'Code of Shader: Pure white light');
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-layer-type', 'fragment-shader');
    await expect(page.locator('.cm-content')).toContainText('generated for: pure white light');
    await expect
      .poll(async () => maxDifference(await readPixels(projector, CENTRE), WHITE), { message: 'the projector draws the generated shader' })
      .toBeLessThanOrEqual(SAME);
    await settledScreenshot(page, 'ai-shader-layer');
    await settledScreenshot(projector, 'ai-shader-projector');

    // --- The code editor's prompt replaces the open code (one edit) and shows the quota.
    const prompt = page.getByTestId('code-panel').getByTestId('ai-prompt');
    await expect(prompt.getByTestId('ai-usage')).toHaveText('4 of 5 AI generations left today (1 used)');
    for (const [i, words] of ['second glow', 'third glow', 'fourth glow', 'fifth glow'].entries()) {
      await prompt.getByLabel('Describe the code to generate').fill(words);
      await prompt.getByRole('button', { name: /Generate/ }).click();
      await expect(page.locator('.cm-content')).toContainText(`generated for: ${words}`);
      await expect(prompt.getByTestId('ai-usage')).toContainText(new RegExp(`\\(${i + 2}( of 5)? used\\)`));
    }
    await expect(prompt.getByTestId('ai-usage')).toHaveText('No AI generations left today (5 of 5 used)');
    // Replacing is one undo step: Undo brings the fourth generation's code back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.locator('.cm-content')).toContainText('generated for: fourth glow');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(page.locator('.cm-content')).toContainText('generated for: fifth glow');

    // --- At the limit: the api's text reaches the user and nothing changes.
    const calls = ai.requests.length;
    await prompt.getByLabel('Describe the code to generate').fill('one too many');
    await prompt.getByRole('button', { name: /Generate/ }).click();
    await expect(prompt.getByTestId('ai-error')).toHaveText('Daily AI generation limit reached');
    await expect(page.locator('.cm-content')).toContainText('generated for: fifth glow');
    expect(ai.requests.length, 'the provider is not asked past the quota').toBe(calls);
    await settledScreenshot(page, 'ai-quota-reached');
    await expect
      .poll(async () => maxDifference(await readPixels(projector, CENTRE), WHITE), { message: 'the projector still draws the shader' })
      .toBeLessThanOrEqual(SAME);
    await context.close();
  });
});
