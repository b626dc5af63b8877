import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { maskImageAsSvg } from './build/mask-image-svg';

// Paths from import.meta.url: Nx loads this file from the workspace root (stack.md).
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Vite's id for the helper it wraps every import() in. */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * The player's import() calls load their chunk and nothing else. Vite's helper would preload a
 * chunk's CSS and dependencies by appending <link> elements to the host page's <head>, and dispatch
 * `vite:preloadError` on the host page's window: the player has no CSS, module preload is off, and
 * an embed must not touch the page around it. This stands in for it (0.6 KB gzip less).
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'beamstage-player-plain-dynamic-imports',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER_ID ? id : null),
    load: (id) => (id === PRELOAD_HELPER_ID ? 'export const __vitePreload = (load) => load();' : null),
  };
}

/**
 * One script for any web page: dist/player.js (served by the api at /embed/player.js) plus lazy
 * chunks under dist/assets/: for a live project the sync chunk and Automerge's wasm, for a project
 * with video, user-code or DOM layers libs/stage's media half (stage-media), for a stream hls.js. The base is relative, so
 * the chunk and the wasm are fetched from the script's own origin (new URL(..., import.meta.url)),
 * never from the host page's.
 */
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [plainDynamicImports(), maskImageAsSvg()],
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: false,
    rollupOptions: {
      input: here('./src/main.ts'),
      output: { entryFileNames: 'player.js', chunkFileNames: 'assets/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
    },
  },
});
