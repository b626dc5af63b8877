import type {} from './stage/globals';
// npm run bench:first-frame — time to first frame, from the navigation's start, of a page showing
// a 20-layer project through libs/stage (every type but streams: images, masks, videos, shaders, a
// p5 sketch and HTML in the sandbox origin, URL pages, a GIF, a DOM mask; media from another
// origin) against an empty WebGL page, both built by Vite for production and loaded in fresh
// pages, interleaved (design.md section 5: <= 2x). The first frame counts once every tracked
// layer reports loaded and the canvas is drawn. The projector's own fetch of the project from the
// api is not in either figure (bench:api measures the public fetch). ROUNDS (default 5).
// What the warm cache does not hold: the pictures and videos (the asset server says no-store), and
// anything a user-code frame loads (runner.js, loop-guard.js, p5.js): a sandbox="allow-scripts"
// frame's origin is opaque, its network isolation key transient, so Chromium neither caches those
// responses nor keeps V8 code for them, whatever their cache-control says.
// first-frame-trace.ts prints this page's critical path from a Chromium trace.
import { makeWebm } from '../e2e/testing/loopback';
import { startBenchPages, median } from './stage-pages';

const rounds = Number(process.env['ROUNDS'] ?? 5);

const pages = await startBenchPages();
const empty: number[] = [];
const project: number[] = [];
try {
  // A WebM recorded by this Chromium (no fixture file), served by the asset server.
  const setup = await pages.browser.newPage();
  await setup.goto(`${pages.pageOrigin}/empty-webgl.html`);
  pages.setClip(await makeWebm(setup));
  await setup.close();

  const slowest = new Map<string, number[]>();
  // One browser context for every load: its HTTP cache is warm after the first, as a venue
  // machine's is after the show was loaded once (the projector also keeps it offline).
  const context = await pages.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const firstFrame = async (path: string): Promise<number> => {
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${pages.pageOrigin}${path}`);
    await page.waitForFunction(() => window.benchFirstFrameMs !== undefined || window.benchFirstFrameError !== undefined, undefined, { timeout: 60_000 });
    const { ms, error, layers } = await page.evaluate(() => ({
      ms: window.benchFirstFrameMs,
      error: window.benchFirstFrameError,
      layers: window.benchLayerLoadedMs ?? {},
    }));
    for (const [id, at] of Object.entries(layers)) slowest.set(id.replace(/_\d+$/, ''), [...(slowest.get(id.replace(/_\d+$/, '')) ?? []), at]);
    await page.close();
    if (error) throw new Error(`the project page failed: ${error}`);
    return ms!;
  };
  const query = `?assets=${encodeURIComponent(pages.assetOrigin)}&sandbox=${encodeURIComponent(pages.sandboxOrigin)}`;
  // One unmeasured load of each warms the browser's caches as a venue machine's would be.
  await firstFrame('/empty-webgl.html');
  await firstFrame(`/first-frame.html${query}`);
  for (let i = 0; i < rounds; i++) {
    empty.push(await firstFrame('/empty-webgl.html'));
    project.push(await firstFrame(`/first-frame.html${query}`));
  }
  console.log('layer loaded (ms from navigation start, median over loads, by type):');
  for (const [type, times] of [...slowest].sort((a, b) => median(b[1]) - median(a[1]))) console.log(`  ${type}: ${Math.round(median(times))}`);
} finally {
  await pages.close();
}
const r1 = (n: number) => Math.round(n * 10) / 10;
const ratio = median(project) / median(empty);
console.log(`rounds: ${rounds}, interleaved, a new page each load in one browser context (warm HTTP cache)`);
console.log(`empty WebGL page, first frame: ${empty.map(r1).join(', ')} ms (median ${r1(median(empty))})`);
console.log(`20-layer project, first frame with every layer loaded: ${project.map(r1).join(', ')} ms (median ${r1(median(project))})`);
console.log(`ratio: ${Math.round(ratio * 1000) / 1000} (budget <= 2)`);
console.log(
  JSON.stringify({ bench: 'first-frame', firstFrameRatio: Math.round(ratio * 1000) / 1000, emptyMs: r1(median(empty)), projectMs: r1(median(project)) }),
);
