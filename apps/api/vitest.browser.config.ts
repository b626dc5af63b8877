import { defineConfig } from 'vitest/config';

// Node tests that drive the built SPAs in Debian Chromium (playwright-core): the api's
// test-browser target, which Nx runs after building editor, projector and site.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.browser.test.ts'],
    server: { deps: { inline: ['@fastify/autoload'] } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
