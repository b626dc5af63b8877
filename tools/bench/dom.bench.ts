import type {} from './stage/globals';
// npm run bench:dom — 10 HTML layers (user code in the real sandbox origin) whose corners change
// every frame, against a page that only counts frames, same page and run, interleaved rounds; and
// the style writes of frames that change nothing (design.md section 5: >= 0.9x the empty page's
// frame rate; unchanged layers write no style). Raw figures, then the JSON line.
// SECONDS_PER_ROUND (default 3), ROUNDS (default 3), LAYERS (default 10) size the run; TYPE=giphy
// measures image layers instead of HTML ones (what the sandbox's separate process costs); TYPE=div
// moves plain divs without libs/stage (what the browser's compositor costs by itself), and with
// DIV=gl,img,blend (any of them) one part of a real stage at a time: its WebGL canvas drawn
// underneath, image content, the stage's blend/opacity/stacking styles.
import { startBenchPages } from './stage-pages';

const seconds = Number(process.env['SECONDS_PER_ROUND'] ?? 3);
const rounds = Number(process.env['ROUNDS'] ?? 3);
const layers = Number(process.env['LAYERS'] ?? 10);

const pages = await startBenchPages();
let result;
try {
  const page = await pages.browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(
    `${pages.pageOrigin}/dom.html?sandbox=${encodeURIComponent(pages.sandboxOrigin)}&type=${process.env['TYPE'] ?? 'html'}&div=${process.env['DIV'] ?? ''}`,
  );
  await page.waitForFunction(() => document.title === 'ready');
  result = await page.evaluate((p) => window.runDomBench!(p), { seconds, layers, rounds });
} finally {
  await pages.close();
}
const r3 = (n: number) => Math.round(n * 1000) / 1000;
const domVsEmpty = result.domFps / result.emptyFps;
const what = { html: 'HTML layers in the sandbox origin', giphy: 'GIF (image) layers', div: 'plain divs without the stage' }[process.env['TYPE'] ?? 'html'];
console.log(`rounds: ${rounds} x ${seconds} s per case, interleaved; ${layers} ${what ?? process.env['TYPE']}`);
console.log(`empty page: ${r3(result.emptyFps)} frames/s (median)`);
console.log(`${layers} ${what ?? ''}, every corner moving every frame: ${r3(result.domFps)} frames/s (median); ${result.movingStyleWrites} style writes`);
console.log(`dom / empty: ${r3(domVsEmpty)} (budget >= 0.9)`);
console.log(`unchanged frames: ${result.unchangedFrames}, style writes in them: ${result.unchangedStyleWrites} (budget 0)`);
console.log(
  JSON.stringify({
    bench: 'dom',
    domVsEmpty: r3(domVsEmpty),
    unchangedStyleWrites: result.unchangedStyleWrites,
    emptyFps: r3(result.emptyFps),
    domFps: r3(result.domFps),
    type: process.env['TYPE'] ?? 'html',
    ...(process.env['DIV'] ? { div: process.env['DIV'] } : {}),
  }),
);
