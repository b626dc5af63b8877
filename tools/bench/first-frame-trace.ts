import type {} from './stage/globals';
// npx tsx tools/bench/first-frame-trace.ts — bench:first-frame's page under a Chromium trace: loads
// it as the bench does (one browser context, warm page cache, one unmeasured load of each page),
// traces LOADS loads (default 1) and prints the first frame's critical path, in ms from the
// navigation's start: the page's module (WebGL context, show(), first draw), the user-code frames
// (runner, ready, run), p5.js (request, parse, evaluation, first draw), the stage's main thread
// waiting on shader compiles, and the final read-back. TRACE_FILE keeps the last trace (open it in
// chrome://tracing or Perfetto).
import { writeFileSync } from 'node:fs';
import { makeWebm } from '../e2e/testing/loopback';
import { startBenchPages } from './stage-pages';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'navigation',
  'netlog',
  'v8',
  'v8.execute',
  'toplevel',
  'gpu',
  'blink',
];

/** The critical-path milestones of one traced load, in ms from its navigation's start. */
export function milestones(events: TraceEvent[]): string[] {
  const nav = events.find((e) => e.name === 'navigationStart' && JSON.stringify(e.args ?? {}).includes('first-frame.html'));
  if (!nav) return ['no navigation of first-frame.html in the trace'];
  const t0 = nav.ts;
  const page = nav.pid;
  const after = events.filter((e) => e.ts >= t0).sort((a, b) => a.ts - b.ts);
  const ms = (ts: number) => ((ts - t0) / 1000).toFixed(1).padStart(7);
  const span = (e: TraceEvent | undefined, what: string) =>
    e ? `${ms(e.ts)} -> ${ms(e.ts + (e.dur ?? 0))}  ${what}` : `      -             ${what}: not seen`;
  const at = (e: TraceEvent | undefined, what: string) => (e ? `${ms(e.ts)}             ${what}` : `      -             ${what}: not seen`);
  const args = (e: TraceEvent) => JSON.stringify(e.args ?? {});
  const find = (pred: (e: TraceEvent) => boolean) => after.find(pred);
  const all = (pred: (e: TraceEvent) => boolean) => after.filter(pred);
  const mod = find((e) => e.pid === page && e.name === 'v8.evaluateModule');
  const frames = all((e) => e.pid === page && e.name === 'HTMLFrameOwnerElement::LoadOrRedirectSubframe' && (e.dur ?? 0) > 0);
  const waits = all(
    (e) =>
      e.pid === page &&
      e.tid === page &&
      (e.name === 'GLES2Implementation::GetShaderiv' || e.name === 'GLES2Implementation::GetProgramiv') &&
      (e.dur ?? 0) > 1000,
  );
  const runner = all((e) => e.name === 'EvaluateScript' && args(e).includes('/runner.js'));
  const run = all((e) => e.pid !== page && e.name === 'FunctionCall' && args(e).includes('/runner.js') && args(e).includes('"lineNumber":145'));
  const reads = all((e) => e.pid === page && e.name === 'GLES2::ReadPixels' && (e.dur ?? 0) > 0);
  return [
    span(mod, "page module (createStageView, show, first draw) on the page's main thread"),
    at(
      find((e) => e.pid === page && e.name === 'GpuChannelHost::CreateViewCommandBuffer' && e.ts >= (mod?.ts ?? 0)),
      'WebGL context created',
    ),
    frames.length ? `${ms(frames[0]!.ts)} -> ${ms(frames.at(-1)!.ts)}  ${frames.length} frames created (p5, HTML, URL)` : 'no frames created',
    at(
      find((e) => e.name === 'ResourceSendRequest' && args(e).includes('picture.png')),
      'first picture requested',
    ),
    `${(waits.reduce((n, e) => n + (e.dur ?? 0), 0) / 1000).toFixed(1).padStart(7)} ms          the page's main thread waiting on shader compiles (${waits.length} waits over 1 ms)`,
    runner.length ? `${ms(runner[0]!.ts)} -> ${ms(runner.at(-1)!.ts)}  runner.js ran in the user-code frames (each then sends ready)` : 'runner.js not seen',
    run.length ? `${ms(run[0]!.ts)} -> ${ms(run.at(-1)!.ts)}  run message handled in the frames` : 'run message not seen',
    at(
      find((e) => e.name === 'ResourceSendRequest' && args(e).includes('p5.min.js')),
      'p5.min.js requested',
    ),
    span(
      find((e) => e.name === 'v8.parseOnBackground' && args(e).includes('p5.min.js')),
      'p5.min.js parsed (background thread)',
    ),
    span(
      find((e) => e.name === 'EvaluateScript' && args(e).includes('p5.min.js')),
      'p5.min.js evaluated',
    ),
    at(
      find((e) => e.name === 'FunctionCall' && args(e).includes('"functionName":"_draw"')),
      "the sketch's first draw",
    ),
    span(reads.at(-1), 'final read-back (every layer drawn, GPU waited for)'),
  ];
}

const loads = Number(process.env['LOADS'] ?? 1);
const pages = await startBenchPages();
try {
  const setup = await pages.browser.newPage();
  await setup.goto(`${pages.pageOrigin}/empty-webgl.html`);
  pages.setClip(await makeWebm(setup));
  await setup.close();
  const context = await pages.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const query = `?assets=${encodeURIComponent(pages.assetOrigin)}&sandbox=${encodeURIComponent(pages.sandboxOrigin)}`;
  const load = async (path: string, traced: boolean) => {
    const page = await context.newPage();
    if (traced) await pages.browser.startTracing(undefined, { categories: CATEGORIES });
    await page.goto(`${pages.pageOrigin}${path}`);
    await page.waitForFunction(() => window.benchFirstFrameMs !== undefined || window.benchFirstFrameError !== undefined, undefined, { timeout: 60_000 });
    const result = await page.evaluate(() => ({ ms: window.benchFirstFrameMs, error: window.benchFirstFrameError, layers: window.benchLayerLoadedMs ?? {} }));
    const trace = traced ? await pages.browser.stopTracing() : null;
    await page.close();
    return { ...result, trace };
  };
  await load('/empty-webgl.html', false);
  await load(`/first-frame.html${query}`, false);
  for (let i = 0; i < loads; i++) {
    const empty = await load('/empty-webgl.html', false);
    const project = await load(`/first-frame.html${query}`, true);
    if (project.error) throw new Error(`the project page failed: ${project.error}`);
    const byLayer = Object.entries(project.layers)
      .sort((a, b) => a[1] - b[1])
      .map(([id, t]) => `${id} ${Math.round(t)}`);
    console.log(
      `load ${i + 1}: empty page ${empty.ms?.toFixed(1)} ms, project ${project.ms?.toFixed(1)} ms (load average ${(await import('node:os'))
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')})`,
    );
    console.log(`  layers loaded (ms): ${byLayer.join(', ')}`);
    const events = (JSON.parse(project.trace!.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    for (const line of milestones(events)) console.log(`  ${line}`);
    if (process.env['TRACE_FILE']) writeFileSync(process.env['TRACE_FILE'], project.trace!);
  }
} finally {
  await pages.close();
}
