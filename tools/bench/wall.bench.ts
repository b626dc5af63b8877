// npm run bench:wall — editor to wall latency (design.md section 5: p95 <= 2 frames, 33 ms).
// Headless Chromium, the real server on loopback (started as `npm start` starts it, from the BUILT
// apps: run `npx nx run-many -t build -p editor projector site player` first). An editor drags the
// project's output warp (the whole quad, so the wall's picture shifts right by the drag) with scripted
// pointer events at 60 Hz; the projector page reads, in every requestAnimationFrame, where the white
// canvas now starts on a probe row; a drag step counts as arrived at the first frame that shows it.
// Two pairs in one run: "server" (editor and projector in separate browsers, so only the server
// links them) and "local" (the projector in the editor's profile with the server stopped, so only
// BroadcastChannel links them). Raw figures per step are printed; the last line is JSON.
// The server pair runs in two browser processes, as an editor's laptop and a venue machine are:
// in one browser both pages share one GPU process, and on software GL the editor's frames queue
// the projector's synchronous read-backs behind them (drag frames then reach the wall in bursts a
// second apart, which no two-machine setup has). BENCH_WALL_SAME_BROWSER=1 measures that setup.
// The server pair also measures blackout from the outputs panel to the projector's composited pixels.
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/chromium.ts';
import { startServer } from '../e2e/testing/server.ts';
import { percentile, signUpForBench, sleep, until as waitUntil } from './bench-util.ts';

const STEPS = Number(process.env['BENCH_WALL_STEPS'] ?? 40);
/** Output pixels per drag step: the probe tells steps apart by at least this much. */
const STEP_PX = 3;
const STEP_MS = 1000 / 60;
const PROBE_ROW = 300;
const SAME_BROWSER = process.env['BENCH_WALL_SAME_BROWSER'] === '1';

const pct = percentile;
const r1 = (n: number) => Math.round(n * 10) / 10;

const until = (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => waitUntil(what, check, timeoutMs);

async function signUpAndCreate(page: Page, base: string): Promise<string> {
  await signUpForBench(page, base, 'Wall Bench');
  await page
    .getByRole('button', { name: /New project|Create your first project/ })
    .first()
    .click();
  await page.waitForURL(/\/editor\/[^/]+$/);
  const projectId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  await until('the live document', async () => (await page.getByTestId('live-status').textContent()) === 'Live');
  // A white canvas: the wall is white exactly where the (shifted) canvas lands, black left of it.
  const bg = page.getByRole('textbox', { name: 'Background value' });
  await bg.fill('#ffffff');
  await bg.press('Enter');
  const published = page.waitForResponse((r) => r.url().endsWith('/api/projects/publish'));
  await page.getByRole('switch', { name: 'Publish' }).click({ force: true });
  if (!(await published).ok()) throw new Error('publish failed');
  await page.getByRole('tab', { name: 'Outputs' }).click();
  await page.getByTestId('output-calibration').getByRole('button', { name: 'Calibrate output warp' }).click();
  // The editor's pointer events, timestamped on the shared epoch clock (timeOrigin + now).
  await page.evaluate(() => {
    const w = window as unknown as { __wallSent: number[] };
    w.__wallSent = [];
    document
      .querySelector('[data-testid="stage-area"]')!
      .addEventListener('pointermove', (e) => w.__wallSent.push(performance.timeOrigin + (e as PointerEvent).timeStamp), { capture: true });
  });
  return projectId;
}

async function openProjector(context: BrowserContext, base: string, projectId: string, label: string, editor: Page): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/projector/${encodeURIComponent(projectId)}?label=${encodeURIComponent(label)}`);
  await until('the projector live', async () => (await page.locator('#stage').getAttribute('data-live')) === 'connected');
  // Listed in the editor's outputs panel: its live document, drag receiver and local link are running
  // ("connected" alone comes before the document opens).
  await until(`${label} in the outputs panel`, async () => (await editor.getByTestId('outputs-panel').locator(`[data-label="${label}"]`).count()) > 0);
  await until('the stage hook', () => page.evaluate(() => (window as unknown as { __beamstage?: unknown }).__beamstage !== undefined));
  // Every animation frame: where the white canvas starts on the probe row (black left of the shifted
  // canvas, white from its edge), on the shared epoch clock.
  // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
  await page.evaluate(`(() => {
    const w = window;
    w.__wallSeen = [];
    w.__wallErrors = [];
    const row = ${PROBE_ROW};
    // One read-back per frame: the probe row's first pixels in one call (one draw, many reads).
    const xs = Array.from({ length: ${STEPS * STEP_PX + 8} }, (_, i) => ({ x: i, y: row }));
    const tick = () => {
      if (w.__wallStop) return;
      w.__beamstage.readPixels(xs).then((px) => {
        // Stamped after the read: the frame that shows a step is counted when it was read (an upper bound).
        const at = performance.timeOrigin + performance.now();
        const i = px.findIndex((p) => p[0] > 127);
        const x = i < 0 ? xs.length : i;
        const last = w.__wallSeen.at(-1);
        if (!last || last[1] !== x) w.__wallSeen.push([at, x]);
      }).catch((e) => w.__wallErrors.push(String(e))).finally(() => requestAnimationFrame(tick));
    };
    requestAnimationFrame(tick);
  })()`);
  return page;
}

interface Measured {
  latencies: number[];
  missed: number;
}

/** Drags the output quad right by STEPS x STEP_PX output px at 60 Hz; returns per-step latencies (ms). */
async function measure(editor: Page, projector: Page): Promise<Measured> {
  const area = (await editor.getByTestId('stage-area').boundingBox())!;
  const zoom = Number(await editor.getByTestId('stage-area').getAttribute('data-zoom'));
  const g = editor.locator('[data-output-corner="0"]');
  const c0 = { x: area.x + Number(await g.getAttribute('data-x')), y: area.y + Number(await g.getAttribute('data-y')) };
  const start = { x: c0.x + 80 * zoom, y: c0.y + 80 * zoom }; // inside the quad: moves all four corners
  await editor.evaluate(() => void ((window as unknown as { __wallSent: number[] }).__wallSent.length = 0));
  await projector.evaluate(() => void ((window as unknown as { __wallSeen: unknown[] }).__wallSeen.length = 0));
  await editor.mouse.move(start.x, start.y);
  await editor.mouse.down();
  // The first move passes the drag threshold (3 screen px) and is step 1.
  const t0 = Date.now();
  for (let k = 1; k <= STEPS; k++) {
    await editor.mouse.move(start.x + k * STEP_PX * zoom, start.y);
    const wait = t0 + k * STEP_MS - Date.now();
    if (wait > 0) await sleep(wait);
  }
  await sleep(1500);
  await editor.mouse.up();
  await sleep(500);
  const sent = await editor.evaluate(() => (window as unknown as { __wallSent: number[] }).__wallSent.slice());
  const seen = await projector.evaluate(() => (window as unknown as { __wallSeen: [number, number][] }).__wallSeen.slice());
  const errors = await projector.evaluate(() => (window as unknown as { __wallErrors: string[] }).__wallErrors.slice(0, 3));
  if (errors.length) console.log(`projector read-back errors: ${errors.join(' | ')}`);
  console.log(`(${sent.length} pointer events sent, ${seen.length} probe changes seen on the wall, last edge ${seen.at(-1)?.[1] ?? 'none'} px)`);
  // Steps after the press: sent[0] is the move to the press point. Step k puts the canvas edge at
  // k * STEP_PX; it has arrived at the first frame whose edge is within a pixel of it (or beyond).
  const moves = sent.slice(1);
  const latencies: number[] = [];
  let missed = 0;
  moves.forEach((sentAt, i) => {
    const want = (i + 1) * STEP_PX;
    const hit = seen.find(([at, x]) => at >= sentAt && x >= want - 1);
    if (hit) latencies.push(hit[0] - sentAt);
    else missed++;
  });
  // Back to the default output warp for the next pair.
  await editor.getByTestId('output-calibration').getByRole('button', { name: 'Reset output warp' }).click();
  return { latencies, missed };
}

const BLACKOUTS = Number(process.env['BENCH_WALL_BLACKOUTS'] ?? 5);

/** Whether a screencast frame (base64 JPEG) is black at its centre, decoded in `page`. */
function darkAtCentre(page: Page, jpeg: string): Promise<boolean> {
  return page.evaluate(async (b64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(bitmap, 0, 0);
    const [r, g, b] = ctx.getImageData(Math.floor(bitmap.width / 2), Math.floor(bitmap.height / 2), 1, 1).data;
    return r! + g! + b! < 60;
  }, jpeg);
}

/**
 * Blackout from the outputs panel to the wall's pixels: the click's time in the editor to the first
 * composited frame of the projector page that is black (Chromium's screencast of that page, each
 * frame stamped when it was swapped), then Restore to the first lit frame (ms each, BLACKOUTS times).
 * Blackout is an overlay above the canvas (it covers DOM layers too), so the stage's own read-back
 * cannot see it: only composited frames can.
 */
async function measureBlackout(editor: Page, projector: Page, label: string): Promise<{ black: number[]; restore: number[] }> {
  type Probe = { __wallStop: boolean; __wallClicks: number[] };
  // The read-back loop stops: the page is idle, so a screencast frame comes only when something changed.
  await projector.evaluate(() => void ((window as unknown as Probe).__wallStop = true));
  const cdp = await projector.context().newCDPSession(projector);
  let frames: { at: number; jpeg: string }[] = [];
  cdp.on('Page.screencastFrame', (f) => {
    frames.push({ at: (f.metadata.timestamp ?? 0) * 1000, jpeg: f.data });
    void cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 60, maxWidth: 400, maxHeight: 300, everyNthFrame: 1 });
  const row = editor.getByTestId('outputs-panel').locator(`[data-label="${label}"]`);
  await editor.evaluate(() => {
    const w = window as unknown as Probe;
    w.__wallClicks = [];
    document.addEventListener('click', (e) => w.__wallClicks.push(performance.timeOrigin + e.timeStamp), { capture: true });
  });
  const out = { black: [] as number[], restore: [] as number[] };
  try {
    for (let i = 0; i < BLACKOUTS; i++) {
      for (const [button, dark] of [
        ['Blackout', true],
        ['Restore', false],
      ] as const) {
        await sleep(300);
        frames = [];
        await editor.evaluate(() => void ((window as unknown as Probe).__wallClicks.length = 0));
        await row.getByRole('button', { name: button, exact: true }).click();
        const clickAt = (await editor.evaluate(() => (window as unknown as Probe).__wallClicks[0])) ?? NaN;
        let checked = 0;
        let shownAt: number | null = null;
        await until(`${button} reaches the wall's pixels`, async () => {
          for (; checked < frames.length && shownAt === null; checked++) {
            const frame = frames[checked]!;
            if (frame.at >= clickAt && (await darkAtCentre(editor, frame.jpeg)) === dark) shownAt = frame.at;
          }
          return shownAt !== null;
        });
        (dark ? out.black : out.restore).push(shownAt! - clickAt);
      }
    }
  } finally {
    await cdp.send('Page.stopScreencast').catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
  return out;
}

async function main(): Promise<void> {
  const server = await startServer();
  let browser: Browser | null = null;
  let venue: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const editorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const editor = await editorContext.newPage();
    const projectId = await signUpAndCreate(editor, server.url);

    // Server pair: the projector in its own browser (its own GPU process, as on a venue machine) and profile.
    venue = SAME_BROWSER ? browser : await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const audience = await venue.newContext({ viewport: { width: 800, height: 600 } });
    const remote = await openProjector(audience, server.url, projectId, 'Bench remote', editor);
    const viaServer = await measure(editor, remote);
    const blackout = await measureBlackout(editor, remote, 'Bench remote');
    await audience.close();

    // Local pair: the projector in the editor's profile, then the server stopped: BroadcastChannel only.
    const local = await openProjector(editorContext, server.url, projectId, 'Bench local', editor);
    await server.stop();
    await until('the local projector off the server', async () => (await local.locator('#stage').getAttribute('data-live')) !== 'connected', 30_000);
    const viaLocal = await measure(editor, local);

    const line = (name: string, r: Measured) =>
      console.log(`${name}: ${r.latencies.length} steps arrived, ${r.missed} never seen; ms per step: ${r.latencies.map(r1).join(' ')}`);
    line('server', viaServer);
    line('local (BroadcastChannel)', viaLocal);
    console.log(
      `server pair, blackout click to black wall (ms): ${blackout.black.map(r1).join(' ')}; restore to lit wall: ${blackout.restore.map(r1).join(' ')} (design: within 100 ms)`,
    );
    const summary = {
      bench: 'wall',
      serverP50Ms: r1(pct(viaServer.latencies, 50)),
      serverP95Ms: r1(pct(viaServer.latencies, 95)),
      localP50Ms: r1(pct(viaLocal.latencies, 50)),
      localP95Ms: r1(pct(viaLocal.latencies, 95)),
      blackoutP50Ms: r1(pct(blackout.black, 50)),
      blackoutMaxMs: r1(Math.max(...blackout.black)),
      sameBrowser: SAME_BROWSER,
    };
    console.log(
      `budget (design.md section 5): p95 <= 33 ms (2 frames at 60 Hz); server p95 ${summary.serverP95Ms} ms, local p95 ${summary.localP95Ms} ms (headless SwiftShader on a shared machine: a noisy upper bound)`,
    );
    console.log(JSON.stringify(summary));
  } finally {
    if (venue !== browser) await venue?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
