import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/testing/chromium.ts';
import { freePort } from '../../tools/testing/free-port.ts';

// Browser tests (*.browser.test.ts) run in Debian Chromium with WebGL through SwiftShader. The
// test page gets a fixed free port so the sandbox origin (globalSetup) can trust exactly it.
// Vitest may evaluate this file more than once: keep the first port for all of them.
const port = Number(process.env['BEAMSTAGE_TEST_STUDIO_PORT'] ?? (await freePort()));
process.env['BEAMSTAGE_TEST_STUDIO_PORT'] = String(port);
process.env['BEAMSTAGE_TEST_STUDIO_ORIGIN'] = `http://localhost:${port}`;
export default defineConfig({
  // Pre-bundled up front: on a clean clone Vite found hls.js (imported lazily by stream layers)
  // mid-run, re-optimised and reloaded the test page, and the run never finished.
  optimizeDeps: { include: ['hls.js', 'jszip', 'twgl.js'] },
  test: {
    include: ['src/**/*.browser.test.ts'],
    globalSetup: ['./src/testing/browser-global-setup.ts'],
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      // Large enough that the test frame is never scaled: screenshots are in CSS pixels.
      viewport: { width: 1000, height: 700 },
      api: { host: 'localhost', port, strictPort: true },
      provider: playwright({
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
