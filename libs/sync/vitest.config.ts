import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ['**/*.browser.test.*', '**/node_modules/**'],
    // PGlite boots in 1-2 s alone and far slower while the shared 2-core machine is busy.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
