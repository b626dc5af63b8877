import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/chromium.ts';

// The journeys against the server started as `npm start` starts it
// (global-setup.ts: node tools/start.mjs, SKIP_BUILD=1, a free port, a temporary data dir).
export default defineConfig({
  testDir: fileURLToPath(new URL('.', import.meta.url)),
  testMatch: '**/*.spec.ts',
  globalSetup: fileURLToPath(new URL('./global-setup.ts', import.meta.url)),
  outputDir: fileURLToPath(new URL('../../test-results/e2e', import.meta.url)),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // SwiftShader WebGL on a 2-core machine is slow; these are ceilings, not expectations.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
  },
});
