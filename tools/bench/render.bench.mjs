#!/usr/bin/env node
// `npm run bench:render`: render-core in headless Debian Chromium (SwiftShader), served by Vite.
// Prints raw figures, same-run ratios and, last, one JSON line. Budgets (design.md section 5):
// sceneRatio <= 4, submitMs100 <= 1, uploadsPerSecPlaying <= 31 (a 30 fps video), uploadsPerSecPaused = 0.
// FRAMES (default 40) and WARMUP (default 10) size the run.
/* global document, window */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('./render/', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The launch flags of tools/testing/chromium.ts (kept in step by hand: this script runs without a TS loader).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];
const frames = Number(process.env.FRAMES ?? 40);
const warmup = Number(process.env.WARMUP ?? 10);

// Cross-origin isolation gives performance.now() 5 us resolution instead of 100 us.
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  server: { port: 0, host: '127.0.0.1', headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } },
  optimizeDeps: { noDiscovery: true, include: ['twgl.js'] },
});
await server.listen();
const address = server.httpServer.address();
const url = `http://127.0.0.1:${address.port}/index.html`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
let result;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'ready', null, { timeout: 120_000 });
  result = await page.evaluate((p) => window.runRenderBench(p), { warmup, frames, videoSeconds: 2 });
} finally {
  await browser.close();
  await server.close();
}

const f = (n) => Number(n.toFixed(3));
console.log(`renderer: ${result.renderer}`);
console.log(`frames measured: ${result.frames} per case after ${warmup} warm-up, interleaved`);
console.log(`baseline (1 full-screen textured quad, 1920x1080) median frame work: ${f(result.baselineMedianMs)} ms`);
console.log(`scene (20 corner-pinned image layers, 2 masks, 1 shader layer, 1920x1080) median frame work: ${f(result.sceneMedianMs)} ms`);
console.log(`scene / baseline ratio: ${f(result.sceneRatio)} (budget <= 4)`);
console.log(`scene frame counters: ${JSON.stringify(result.sceneFrameStats)}`);
console.log(
  `CPU submit, 100 layers (median of ${result.submitMs100Samples}): ${f(result.submitMs100)} ms (budget <= 1); counters ${JSON.stringify(result.hundredFrameStats)}`,
);
console.log(
  `video (30 fps source, ${f(result.videoFramesPresentedPerSec)} frames presented/s): ${f(result.uploadsPerSecPlaying)} uploads/s playing (budget <= 31), ${f(result.uploadsPerSecPaused)} paused (budget 0)`,
);
console.log(
  JSON.stringify({
    bench: 'render',
    sceneRatio: f(result.sceneRatio),
    submitMs100: f(result.submitMs100),
    uploadsPerSecPlaying: f(result.uploadsPerSecPlaying),
    uploadsPerSecPaused: f(result.uploadsPerSecPaused),
    renderer: result.renderer,
  }),
);
