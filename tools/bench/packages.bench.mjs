#!/usr/bin/env node
// `npm run bench:packages`: what a stranger downloads (design.md section 5, "packages").
// - render-core alone: libs/render-core/src bundled and minified by Vite (library mode, twgl.js left
//   out as the dependency it is), gzip -9;
// - the player: apps/player built as it ships (/embed/player.js plus the chunks it imports at once),
//   gzip -9 of each file summed; the lazy chunks (the live chunk and the Automerge wasm, loaded only
//   for a realtime project after the first frame; libs/stage's media half, loaded only for a project
//   with video, user-code or DOM layers; hls.js for a stream) are printed beside it, outside the budget.
// Budgets were set at the first measurement (2026-11-24) and are never silently raised.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

// First measured 2026-11-24: render-core 16,758 B; player 29,813 B (60,222 B before libs/layers declared
// sideEffects: false, which let the bundler drop jszip from every bundle that never imports a zip).
// The player then grew to 38,042 B when libs/stage drew every layer type; 31,754 B once the media half
// of the stage loaded lazily and render-core linked its own programs (`npm run bench:player-weight`
// shows where the bytes are).
export const RENDER_CORE_GZIP_BUDGET_BYTES = 18 * 1024;
export const PLAYER_GZIP_BUDGET_BYTES = 32 * 1024;

const root = fileURLToPath(new URL('../..', import.meta.url));
const gz = (data) => gzipSync(data, { level: 9 }).length;

const lib = await build({
  configFile: false,
  logLevel: 'silent',
  root: join(root, 'libs/render-core'),
  build: {
    write: false,
    target: 'es2022',
    minify: true,
    lib: { entry: join(root, 'libs/render-core/src/index.ts'), formats: ['es'], fileName: () => 'index.js' },
    rollupOptions: { external: ['twgl.js'] },
  },
});
const libChunks = (Array.isArray(lib) ? lib : [lib]).flatMap((r) => r.output).filter((o) => o.type === 'chunk');
const renderCoreMinBytes = libChunks.reduce((n, c) => n + Buffer.byteLength(c.code), 0);
const renderCoreGzipBytes = libChunks.reduce((n, c) => n + gz(c.code), 0);

// The player exactly as `npx nx run player:build` writes it.
await build({ configFile: join(root, 'apps/player/vite.config.ts'), logLevel: 'silent' });
const dist = join(root, 'apps/player/dist');
const entry = readFileSync(join(dist, 'player.js'), 'utf8');
// Chunks the entry imports statically are fetched with it; import() chunks only later.
const staticImports = [...entry.matchAll(/(?:^|[;\s])import\s*(?:[^'"`()]*?from\s*)?["'`](\.\/assets\/[^"'`]+)["'`]/g)].map((m) => m[1]);
const initialFiles = ['player.js', ...new Set(staticImports.map((p) => p.slice(2)))];
const playerGzipBytes = initialFiles.reduce((n, f) => n + gz(readFileSync(join(dist, f))), 0);
const lazy = readdirSync(join(dist, 'assets')).filter((f) => !initialFiles.includes(`assets/${f}`));
const lazyJs = lazy.filter((f) => f.endsWith('.js')).map((f) => ({ file: f, gzipBytes: gz(readFileSync(join(dist, 'assets', f))) }));
const lazyGzipBytes = lazyJs.reduce((n, f) => n + f.gzipBytes, 0);
const wasm = lazy.find((f) => f.endsWith('.wasm'));
const wasmBytes = wasm ? readFileSync(join(dist, 'assets', wasm)).length : 0;

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(
  `render-core alone, minified: ${renderCoreMinBytes} B; minified + gzip: ${renderCoreGzipBytes} B (${kb(renderCoreGzipBytes)}), budget <= ${RENDER_CORE_GZIP_BUDGET_BYTES} B`,
);
console.log(`player initial (${initialFiles.join(' + ')}) gzip: ${playerGzipBytes} B (${kb(playerGzipBytes)}), budget <= ${PLAYER_GZIP_BUDGET_BYTES} B`);
console.log(
  `player lazy chunks, never on the first frame's path: JS ${lazyGzipBytes} B gzip in all (${lazyJs.map((f) => `${f.file} ${f.gzipBytes} B`).join(', ')}), Automerge wasm ${wasmBytes} B raw`,
);
// Each chunk player.js imports statically is one more request before it can run at all.
if (initialFiles.length > 1)
  console.log(`NOTE: player.js imports ${initialFiles.length - 1} chunk(s) at load, a request before it runs: ${initialFiles.slice(1).join(', ')}`);
const over = [];
if (renderCoreGzipBytes > RENDER_CORE_GZIP_BUDGET_BYTES) over.push('render-core');
if (playerGzipBytes > PLAYER_GZIP_BUDGET_BYTES) over.push('player');
if (over.length) console.log(`OVER BUDGET: ${over.join(', ')}`);
console.log(
  JSON.stringify({
    bench: 'packages',
    renderCoreGzipBytes,
    renderCoreBudgetBytes: RENDER_CORE_GZIP_BUDGET_BYTES,
    playerGzipBytes,
    playerBudgetBytes: PLAYER_GZIP_BUDGET_BYTES,
    playerLiveGzipBytes: lazyGzipBytes,
    automergeWasmBytes: wasmBytes,
  }),
);
process.exit(over.length ? 1 : 0);
