import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI runs three tasks at once on 2 cores: a property test that takes 2 s alone can take 6.
    testTimeout: 30_000,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['**/*.browser.test.*', '**/node_modules/**'],
  },
});
