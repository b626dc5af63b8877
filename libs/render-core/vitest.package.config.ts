import { defineConfig } from 'vitest/config';

// The package as a stranger gets it (package-tests/): npm pack of dist/ (built first: the Nx
// test-browser target depends on build), installed outside the workspace, used from Node, tsc and
// a plain HTML page in Debian Chromium. Part of test-browser because it drives Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['package-tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
