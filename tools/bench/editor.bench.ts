// npm run bench:editor — the editor at work (design.md section 5: with 100 layers and
// 2,000 keyframes open, a corner drag, a scrub of the playhead and timeline playback each keep the
// editor's main-thread work per frame <= 8 ms p95). Headless Chromium, the real server on loopback
// from the BUILT apps (run `npx nx run-many -t build -p editor projector site player` first).
// Main-thread work per frame: a Chromium trace of each case; every top-level task of the editor's
// renderer main thread is summed into the frame (BeginMainThreadFrame to the next) it started in.
// Each case also prints the same sum in thread CPU time: a task's wall time counts the moments the
// thread waited for one of the 2 shared cores (SwiftShader, the server and other jobs run beside
// it), so on a loaded machine the CPU figure is the steadier measure of the editor's own work.
// A frame's work is not all the editor's: Chromium's style, layout, paint, layerize and commit of the
// whole page come with every frame that changes anything (BENCH_EDITOR_INVALIDATIONS says what
// dirtied them), and with a button held Playwright's mouse.move runs its drag interception (a script
// in every frame around each move, and its protocol messages) on the same main thread.
// Baseline in the same run: the empty editor (a new project, no layers) playing its empty timeline.
// BENCH_EDITOR_SECONDS (default 3) is the length of each case; raw figures, then the JSON line.
import { chromium } from 'playwright-core';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/chromium.ts';
import { startServer } from '../e2e/testing/server.ts';
import { benchProject } from './keyframed-project.ts';
import { percentile, signUpForBench, sleep, until as waitUntil } from './bench-util.ts';
import { installRenderCounter, startRenders, takeRenders } from '../e2e/testing/react-renders.ts';

const SECONDS = Number(process.env['BENCH_EDITOR_SECONDS'] ?? 3);
const LAYERS = Number(process.env['BENCH_EDITOR_LAYERS'] ?? 100);
const KEYFRAMES = Number(process.env['BENCH_EDITOR_KEYFRAMES'] ?? 2000);
const STEP_MS = 1000 / 60;

const pct = percentile;
const r2 = (n: number) => Math.round(n * 100) / 100;

const until = (what: string, check: () => Promise<boolean>, timeoutMs = 120_000) => waitUntil(what, check, timeoutMs);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, where the trace has it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { frames?: { processId?: number; url?: string }[] } };
}

/** Main-thread work (ms) of each frame of the page's renderer: wall time, and the same in thread CPU time. */
interface Frames {
  wall: number[];
  cpu: number[];
}

/**
 * Records a trace around `act`; returns main-thread work (ms) of each frame of the page's renderer.
 * BENCH_EDITOR_TRACE=prefix also writes the trace to prefix-<name>.json (open it in Chrome's Performance panel).
 */
async function framesOf(page: Page, name: string, act: () => Promise<void>): Promise<Frames> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        // BENCH_EDITOR_INVALIDATIONS=1: which elements and attributes made each style recalc and layout (with BENCH_EDITOR_TRACE).
        ...(process.env['BENCH_EDITOR_INVALIDATIONS'] ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
        'toplevel',
        '__metadata',
      ],
    },
  });
  await act();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const traceTo = process.env['BENCH_EDITOR_TRACE'];
  if (traceTo) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${traceTo}-${name}.json`, JSON.stringify({ traceEvents: events }));
  }
  // The editor's renderer: the process of the page's main frame (its url is the editor's).
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const pid = started?.args?.data?.frames?.find((f) => f.url?.includes('/editor/'))?.processId ?? started?.args?.data?.frames?.[0]?.processId;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (pid === undefined || e.pid === pid));
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const frames = onMain
    .filter((e) => e.name === 'BeginMainThreadFrame')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const tasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.dur !== undefined);
  if (frames.length < 2) throw new Error(`only ${frames.length} frames in the trace`);
  if (process.env['BENCH_EDITOR_BREAKDOWN']) {
    // Where the main thread's time went, by trace event (nested events counted in each of their parents too).
    const byName = new Map<string, number>();
    for (const e of onMain) if (e.ph === 'X' && e.dur) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
    console.log(
      `  main thread by event (ms): ${[...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([n, ms]) => `${n} ${r2(ms)}`)
        .join(', ')}`,
    );
  }
  const work = new Array<number>(frames.length - 1).fill(0);
  const cpu = new Array<number>(frames.length - 1).fill(0);
  let f = 0;
  for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
    if (task.ts < frames[0]! || task.ts >= frames.at(-1)!) continue;
    while (task.ts >= frames[f + 1]!) f++;
    work[f]! += task.dur! / 1000;
    cpu[f]! += (task.tdur ?? task.dur!) / 1000;
  }
  if (process.env['BENCH_EDITOR_BREAKDOWN']) {
    // The worst frames, and the events that filled them (where a p95 comes from).
    const worst = work
      .map((ms, i) => ({ ms, i }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 4);
    for (const { ms, i } of worst) {
      const inFrame = new Map<string, number>();
      for (const e of onMain)
        if (e.ph === 'X' && e.dur && e.ts >= frames[i]! && e.ts < frames[i + 1]!) inFrame.set(e.name, (inFrame.get(e.name) ?? 0) + e.dur / 1000);
      console.log(
        `  frame ${i} (${r2(ms)} ms): ${[...inFrame]
          .sort((a, b) => b[1] - a[1])
          .slice(2, 10)
          .map(([n, t]) => `${n} ${r2(t)}`)
          .join(', ')}`,
      );
    }
  }
  return { wall: work, cpu };
}

/** BENCH_EDITOR_PROFILE=prefix: a CPU profile of one more case each, written to prefix-drag.cpuprofile (and -scrub, -play) for finding where the time goes. */
async function profile(page: Page, file: string, act: () => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await act();
  const { profile: result } = await cdp.send('Profiler.stop');
  await cdp.detach();
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, JSON.stringify(result));
}

/**
 * BENCH_EDITOR_RENDERS=1: one more case each, printing what it changed per pointer move (or frame
 * of playback): the React components that rendered (by their first element, as the editor-renders
 * journey names them) and the DOM mutations, by element and attribute (what the browser then has to
 * restyle, lay out and paint).
 */
async function rendersOf(page: Page, name: string, act: () => Promise<void>): Promise<void> {
  // A string, not a function: tsx would wrap the named inner function in a helper the page lacks.
  await page.evaluate(`(() => {
    const w = window;
    w.__mutations = new Map();
    const label = (n) => {
      const el = n instanceof Element ? n : n.parentElement;
      if (!el) return '?';
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      return id ? '[' + id + ']' : cls ? '.' + cls : el.tagName.toLowerCase();
    };
    w.__observer = new MutationObserver((records) => {
      for (const r of records) {
        const key = label(r.target) + ' ' + (r.type === 'attributes' ? '@' + r.attributeName : r.type);
        w.__mutations.set(key, (w.__mutations.get(key) ?? 0) + 1);
      }
    });
    w.__observer.observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
  })()`);
  await startRenders(page as never);
  await act();
  const commits = await takeRenders(page as never);
  const mutations = await page.evaluate(() => {
    const w = window as unknown as { __mutations: Map<string, number>; __observer?: MutationObserver };
    w.__observer?.disconnect();
    return [...w.__mutations];
  });
  const byComponent = new Map<string, number>();
  for (const commit of commits) for (const c of new Set(commit)) byComponent.set(c, (byComponent.get(c) ?? 0) + 1);
  const top = (entries: Iterable<[string, number]>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  console.log(`  ${name}: ${commits.length} React commits; components (commits rendered in): ${top(byComponent)}`);
  console.log(`  ${name}: DOM mutations (count): ${top(mutations)}`);
}

const signUp = (page: Page, base: string): Promise<void> => signUpForBench(page, base, 'Editor Bench');

async function openEditor(page: Page, base: string, projectId: string): Promise<void> {
  await page.goto(`${base}/editor/${encodeURIComponent(projectId)}`);
  await until('the live document', async () => (await page.getByTestId('live-status').textContent()) === 'Live');
  await until('the stage', async () => (await page.getByTestId('stage-loading').count()) === 0);
  // The timeline drawer open, as it is while scrubbing and playing.
  if (!(await page.getByTestId('timeline').isVisible())) await page.keyboard.press('t');
  await until('the timeline drawer', () => page.getByTestId('timeline').isVisible());
}

/** Plays the timeline for the case's length (from the start), then stops. */
async function play(page: Page): Promise<void> {
  await page.locator('[data-action="timeline.play-pause"]').click();
  await sleep(SECONDS * 1000);
  await page.locator('[data-action="timeline.stop"]').click();
}

/** Drags the ruler's playhead back and forth at 60 Hz. */
async function scrub(page: Page): Promise<void> {
  const ruler = (await page.getByTestId('timeline-ruler').boundingBox())!;
  const y = ruler.y + ruler.height / 2;
  const x0 = ruler.x + 20;
  const span = Math.min(600, ruler.width - 40);
  await page.mouse.move(x0, y);
  await page.mouse.down();
  const steps = Math.round((SECONDS * 1000) / STEP_MS);
  const t0 = Date.now();
  for (let k = 1; k <= steps; k++) {
    const phase = (k % 120) / 120;
    await page.mouse.move(x0 + span * (phase < 0.5 ? phase * 2 : 2 - phase * 2), y);
    const wait = t0 + k * STEP_MS - Date.now();
    if (wait > 0) await sleep(wait);
  }
  await page.mouse.up();
}

/** Selects the first layer and drags its top-left corner in a circle at 60 Hz (not released: one long gesture, then undone). */
async function drag(page: Page): Promise<void> {
  await page.locator('.layer-row').first().click();
  const corner = page.locator('[data-corner="0"]');
  await until('the corner handle', async () => (await corner.count()) > 0);
  const area = (await page.getByTestId('stage-area').boundingBox())!;
  const c = { x: area.x + Number(await corner.getAttribute('data-x')), y: area.y + Number(await corner.getAttribute('data-y')) };
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  const steps = Math.round((SECONDS * 1000) / STEP_MS);
  const t0 = Date.now();
  for (let k = 1; k <= steps; k++) {
    const a = (k / 60) * Math.PI;
    await page.mouse.move(c.x + 30 * Math.sin(a) + 10, c.y + 30 * (1 - Math.cos(a)));
    const wait = t0 + k * STEP_MS - Date.now();
    if (wait > 0) await sleep(wait);
  }
  await page.mouse.up();
}

async function importProject(page: Page): Promise<string> {
  const json = JSON.stringify(benchProject(LAYERS, KEYFRAMES));
  await page.getByTestId('import-project-input').setInputFiles({ name: 'bench-editor.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  const card = page.locator('.project-card', { hasText: `Bench ${LAYERS} layers` });
  await until('the imported project', async () => (await card.count()) === 1);
  return (await card.getAttribute('data-project-id')) ?? '';
}

function report(name: string, { wall: work, cpu }: Frames): { p50: number; p95: number } {
  const out = { p50: r2(pct(work, 50)), p95: r2(pct(work, 95)) };
  console.log(
    `${name}: ${work.length} frames, main-thread ms per frame p50 ${out.p50}, p95 ${out.p95}, max ${r2(Math.max(...work))}, mean ${r2(work.reduce((a, b) => a + b, 0) / work.length)}; in thread CPU time p50 ${r2(pct(cpu, 50))}, p95 ${r2(pct(cpu, 95))}`,
  );
  return out;
}

async function main(): Promise<void> {
  const server = await startServer();
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Each distinct page error once, with where it came from.
    const errors = new Set<string>();
    page.on('pageerror', (e) => {
      if (errors.has(e.message)) return;
      errors.add(e.message);
      console.error('page error:', e.stack ?? e.message);
    });
    const renders = !!process.env['BENCH_EDITOR_RENDERS'];
    if (renders) await installRenderCounter(page as never);
    await signUp(page, server.url);

    // Baseline: the empty editor (a new project) playing its empty timeline.
    await page
      .getByRole('button', { name: /New project|Create your first project/ })
      .first()
      .click();
    await page.waitForURL(/\/editor\/[^/]+$/);
    const emptyId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    await openEditor(page, server.url, emptyId);
    const empty = await framesOf(page, 'empty', () => play(page));

    // The big project, imported from a file as a user would.
    await page.goto(`${server.url}/dashboard`);
    const bigId = await importProject(page);
    await openEditor(page, server.url, bigId);
    // The panel and the timeline render only the rows in view: their counts say what they hold.
    const layerCount = await page.getByTestId('layer-count').textContent();
    const rowsRendered = await page.locator('.layer-row').count();
    const keyframeCount = await page.locator('.tl-lanes').getAttribute('data-keyframe-count');
    const tracksRendered = await page.getByTestId('timeline-track').count();
    console.log(
      `project: ${layerCount} layers in the panel (${rowsRendered} rows rendered), ${keyframeCount} keyframe diamonds in the timeline (${tracksRendered} track rows rendered, diamonds on one canvas); ${SECONDS} s per case, 60 Hz pointer moves`,
    );
    const dragged = await framesOf(page, 'drag', () => drag(page));
    await page.keyboard.press('Escape');
    const scrubbed = await framesOf(page, 'scrub', () => scrub(page));
    const played = await framesOf(page, 'play', () => play(page));
    const profileTo = process.env['BENCH_EDITOR_PROFILE'];
    if (profileTo) {
      await profile(page, `${profileTo}-drag.cpuprofile`, () => drag(page));
      await page.keyboard.press('Escape');
      await profile(page, `${profileTo}-scrub.cpuprofile`, () => scrub(page));
      await profile(page, `${profileTo}-play.cpuprofile`, () => play(page));
    }
    if (renders) {
      await rendersOf(page, 'drag', () => drag(page));
      await page.keyboard.press('Escape');
      await rendersOf(page, 'scrub', () => scrub(page));
      await rendersOf(page, 'play', () => play(page));
    }

    const e = report('empty editor, playing', empty);
    const d = report('drag a corner', dragged);
    const s = report('scrub the playhead', scrubbed);
    const p = report('play the timeline', played);
    console.log(`budget (design.md section 5): p95 <= 8 ms per frame (headless, SwiftShader, a shared 2-core machine: a noisy upper bound)`);
    console.log(JSON.stringify({ bench: 'editor', dragP95Ms: d.p95, scrubP95Ms: s.p95, playP95Ms: p.p95, emptyP95Ms: e.p95 }));
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
