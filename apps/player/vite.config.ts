import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Paths from import.meta.url: Nx loads this file from the workspace root (stack.md).
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * One script for any web page: dist/player.js (served by the api at /embed/player.js) plus, for a
 * live project only, a lazy chunk and Automerge's wasm under dist/assets/. The base is relative, so
 * the chunk and the wasm are fetched from the script's own origin (new URL(..., import.meta.url)),
 * never from the host page's.
 */
export default defineConfig({
  root: here('.'),
  base: './',
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: here('./src/main.ts'),
      output: { entryFileNames: 'player.js', chunkFileNames: 'assets/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
    },
  },
});
