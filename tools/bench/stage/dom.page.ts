// bench:dom's page: the frame rate of a page that only counts animation frames, against the same
// page with 10 HTML layers whose corners change every frame (design.md section 5); then the style
// writes of frames that change nothing. ?type=giphy: image layers instead of HTML ones (no user-code
// process); ?type=div: no stage at all, plain coloured divs moved by the same matrix3d (what the
// browser's compositing of ten moving elements costs by itself, the floor for any DOM layer).
import type {} from './globals';
import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { Layer, LayerId, ProjectId, ProjectJson } from '@beamstage/layers';
import { applyCornersStyle } from '@beamstage/render-core';
import { createStageView, layerCorners, type StageView } from '@beamstage/stage';

const W = 1280;
const H = 720;
const nextFrame = (): Promise<number> => new Promise((r) => requestAnimationFrame(r));

/** Animation frames per second over `seconds`, running `perFrame` in each. */
async function fps(seconds: number, perFrame: (t: number) => void): Promise<number> {
  const start = await nextFrame();
  let frames = 0;
  for (let t = start; t - start < seconds * 1000; frames++) {
    perFrame(t);
    t = await nextFrame();
  }
  return frames / seconds;
}

function warpAt(i: number, t: number): Layer['warp'] {
  const col = i % 5;
  const row = Math.floor(i / 5);
  const x0 = 40 + col * 250;
  const y0 = 60 + row * 330;
  const d = 12 * Math.sin(t / 200 + i); // every corner moves every frame
  const points = [
    { x: x0 + d, y: y0 },
    { x: x0 + 220, y: y0 + d },
    { x: x0 + 220 - d, y: y0 + 260 },
    { x: x0, y: y0 + 260 - d },
  ];
  return { enabled: true, points, meshEnabled: false, meshResolution: 0, meshPoints: [], showGrid: false, gridDensity: 1, gridThickness: 1 };
}

function projectAt(count: number, t: number): ProjectJson {
  const p = createDefaultProject({ id: 'proj_bench_dom' as ProjectId, nowMs: 0 });
  p.canvas = { ...p.canvas, width: W, height: H, background: '#101018' };
  p.layers = Array.from({ length: count }, (_, i) => {
    if (new URLSearchParams(location.search).get('type') === 'giphy') {
      const g = createLayer('giphy', { id: `g_${i}` as LayerId });
      Object.assign(g, { x: 0, y: 0, width: 220, height: 260, warp: warpAt(i, t) });
      g.content.src = 'data:image/gif;base64,R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==';
      return g;
    }
    const l = createLayer('html', { id: `html_${i}` as LayerId });
    Object.assign(l, { x: 0, y: 0, width: 220, height: 260, warp: warpAt(i, t) });
    l.content.html = `<div style="width:100%;height:100%;background:hsl(${i * 36} 70% 45%);color:#fff;font:28px sans-serif">Layer ${i}</div>`;
    return l;
  });
  return p;
}

type Moved = Pick<StageView, 'show' | 'styleWrites' | 'dispose'>;

/** ?type=div: the layers' corners on plain divs over the canvas, without libs/stage. */
function plainDivs(count: number): Moved {
  const host = document.createElement('div');
  Object.assign(host.style, { position: 'absolute', left: '0', top: '0', width: `${W}px`, height: `${H}px`, overflow: 'hidden', pointerEvents: 'none' });
  document.getElementById('frame')!.appendChild(host);
  // ?div=gl,img,blend adds one thing of a real stage at a time: its WebGL canvas drawn underneath,
  // image content instead of a colour, the stage's blend, opacity and stacking styles.
  const parts = new Set((new URLSearchParams(location.search).get('div') ?? '').split(','));
  const gl = parts.has('gl') ? createStageView(document.getElementById('stage') as HTMLCanvasElement, {}) : null;
  gl?.show(projectAt(0, 0));
  const els = Array.from({ length: count }, (_, i) => {
    const el = parts.has('img') ? document.createElement('img') : document.createElement('div');
    if (el instanceof HTMLImageElement) el.src = 'data:image/gif;base64,R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==';
    if (parts.has('blend')) Object.assign(el.style, { mixBlendMode: 'normal', opacity: '1', zIndex: String(i + 1) });
    Object.assign(el.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      width: '220px',
      height: '260px',
      background: `hsl(${i * 36} 70% 45%)`,
      willChange: 'transform',
    });
    return host.appendChild(el);
  });
  let writes = 0;
  return {
    show: (p) => p.layers.forEach((l, i) => void (applyCornersStyle(els[i]!, l.width, l.height, layerCorners(l)) && (writes += 1))),
    styleWrites: () => writes,
    dispose: () => {
      host.remove();
      gl?.dispose();
    },
  };
}

async function mounted(count: number, sandboxOrigin: string): Promise<Moved> {
  if (new URLSearchParams(location.search).get('type') === 'div') {
    const divs = plainDivs(count);
    divs.show(projectAt(count, 0));
    return divs;
  }
  const canvas = document.getElementById('stage') as HTMLCanvasElement;
  const loaded = new Set<string>();
  const view = createStageView(canvas, { sandboxOrigin, onLoadChange: (e) => void (e.status === 'loaded' && loaded.add(e.layerId)) });
  view.show(projectAt(count, 0));
  const deadline = performance.now() + 30_000;
  while (loaded.size < count) {
    if (performance.now() > deadline) throw new Error(`only ${loaded.size} of ${count} HTML layers loaded`);
    await nextFrame();
  }
  return view;
}

window.runDomBench = async ({ seconds, layers, rounds }) => {
  const sandboxOrigin = new URLSearchParams(location.search).get('sandbox')!;
  const empty: number[] = [];
  const dom: number[] = [];
  let movingStyleWrites = 0;
  let unchangedStyleWrites = 0;
  const unchangedFrames = 120;
  // Interleaved rounds, so a slow patch of the machine falls on both.
  for (let round = 0; round < rounds; round++) {
    empty.push(await fps(seconds, () => undefined));
    const view = await mounted(layers, sandboxOrigin);
    const before = view.styleWrites();
    dom.push(await fps(seconds, (t) => view.show(projectAt(layers, t))));
    movingStyleWrites += view.styleWrites() - before;
    // Frames that change nothing: the same project, as new objects each frame. The first show
    // moves the layers to t = 1234; every later one changes nothing.
    view.show(projectAt(layers, 1234));
    await nextFrame();
    const settled = view.styleWrites();
    for (let f = 0; f < unchangedFrames; f++) {
      view.show(projectAt(layers, 1234));
      await nextFrame();
    }
    unchangedStyleWrites += view.styleWrites() - settled;
    view.dispose();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  return { emptyFps: median(empty), domFps: median(dom), movingStyleWrites, unchangedStyleWrites, unchangedFrames: unchangedFrames * rounds };
};
document.title = 'ready';
