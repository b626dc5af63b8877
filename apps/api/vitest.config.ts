import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['**/*.browser.test.*', '**/node_modules/**'],
    // @fastify/autoload imports the plugin files itself: inline it so those imports go through vitest (TypeScript).
    server: { deps: { inline: ['@fastify/autoload'] } },
    // One initialised PGlite cluster per run, copied into each test's DATA_DIR (tools/testing/pglite-template.ts).
    globalSetup: ['../../tools/testing/pglite-template.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
