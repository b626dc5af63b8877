import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ['**/*.browser.test.*', '**/node_modules/**'],
    // PGlite boots in 1-2 s alone and far slower while the shared 2-core machine is busy.
    // One initialised PGlite cluster per run, loaded by each in-memory test database (tools/testing/pglite-template.ts).
    globalSetup: ['../../tools/testing/pglite-template.global-setup.ts'],
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
