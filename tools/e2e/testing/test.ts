import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The journeys' `test`: Playwright's, plus one automatic step that closes every browser context a
 * test opened on the shared `browser` (second users, projectors: `openProjector`). Playwright
 * closes only its own `context` fixture; the others stayed open until the run ended, so by the
 * last journeys dozens of earlier editors and projectors were still drawing WebGL frames and
 * holding live rooms on the studio (one, of a spec's own stopped studio, retried its sync ticket
 * for the rest of the run).
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      // Closed like the `context` fixture's own (traces and failure screenshots are taken on close).
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
