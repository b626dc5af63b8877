import type {} from './stage/globals';
// npm run bench:first-frame — time to first frame, from the navigation's start, of a page showing
// a 20-layer project through libs/stage (every type but streams: images, masks, videos, shaders, a
// p5 sketch and HTML in the sandbox origin, URL pages, a GIF, a DOM mask; media from another
// origin) against an empty WebGL page, both built by Vite for production and loaded in fresh
// pages, interleaved (design.md section 5: <= 2x). The first frame counts once every tracked
// layer reports loaded and the canvas is drawn. The projector's own fetch of the project from the
// api is not in either figure (bench:api measures the public fetch). ROUNDS (default 5).
import { startBenchPages, median } from './stage-pages';

const rounds = Number(process.env['ROUNDS'] ?? 5);

const pages = await startBenchPages();
const empty: number[] = [];
const project: number[] = [];
try {
  // A WebM recorded by this Chromium (no fixture file), served by the asset server.
  const setup = await pages.browser.newPage();
  await setup.goto(`${pages.pageOrigin}/empty-webgl.html`);
  const clip = await setup.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 160;
    c.height = 90;
    c.style.cssText = 'position:fixed;left:0;top:0;width:8px;height:8px';
    document.body.appendChild(c);
    const g = c.getContext('2d')!;
    const recorder = new MediaRecorder(c.captureStream(30), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((r) => (recorder.onstop = r));
    recorder.start(100);
    for (let i = 0; i < 30; i += 1) {
      g.fillStyle = `hsl(${i * 12} 90% 50%)`;
      g.fillRect(0, 0, 160, 90);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
    }
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  pages.setClip(Buffer.from(clip));
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
    const { ms, error, layers } = await page.evaluate(() => ({ ms: window.benchFirstFrameMs, error: window.benchFirstFrameError, layers: window.benchLayerLoadedMs ?? {} }));
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
console.log(JSON.stringify({ bench: 'first-frame', firstFrameRatio: Math.round(ratio * 1000) / 1000, emptyMs: r1(median(empty)), projectMs: r1(median(project)) }));
