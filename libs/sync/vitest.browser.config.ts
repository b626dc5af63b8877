import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/testing/chromium.ts';

// Browser tests (*.browser.test.ts) run openBrowserSync in Debian Chromium against a real sync
// server that the global setup starts in Node (no WebGL needed).
export default defineConfig({
  test: {
    include: ['src/**/*.browser.test.ts'],
    globalSetup: ['./src/browser/testing/sync-server.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
