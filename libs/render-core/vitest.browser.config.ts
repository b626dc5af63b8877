import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/testing/chromium.ts';

// Browser tests (*.browser.test.ts) run in Debian Chromium with WebGL through SwiftShader.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    include: ['src/**/*.browser.test.ts', 'src/**/*.browser.test.tsx'],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
