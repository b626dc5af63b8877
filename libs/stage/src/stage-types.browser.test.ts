// Every layer type drawn by the stage in Chromium: canvas layers by pixel read-back, DOM layers
// by screenshot (their corners against the GL corner pin of the same points), user code through
// the real sandbox origin (globalSetup starts the api's sandbox listener).
import type { Corners } from '@beamstage/render-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { layer, mountStage, project, regionCorners, screenshotPixels, solidPng, solidWebm, waitFor, type TestStage } from './testing/browser-helpers';

const sandboxOrigin = inject('sandboxOrigin');
const stages: TestStage[] = [];
function tearDown(s: TestStage): void {
  s.view.dispose();
  // Free the WebGL context now, not at garbage collection: SwiftShader in a busy browser failed
  // to link programs in a new context while old ones were still held.
  s.canvas.getContext('webgl2')?.getExtension('WEBGL_lose_context')?.loseContext();
  s.frame.remove();
}
afterEach(() => {
  for (const s of stages.splice(0)) tearDown(s);
});
const mount = (...args: Parameters<typeof mountStage>) => {
  const s = mountStage(...args);
  stages.push(s);
  return s;
};
const near = (rgba: number[], want: number[], tol = 12) => want.every((v, i) => Math.abs((rgba[i] ?? 0) - v) <= tol);
/** Polls a canvas pixel until it has the colour (sources arrive asynchronously). */
async function waitForPixel(s: TestStage, at: { x: number; y: number }, want: number[], tol = 12): Promise<number[]> {
  let p: number[] = [];
  for (let tries = 0; tries < 100 && !near(p, want, tol); tries++) {
    if (tries) await new Promise((r) => setTimeout(r, 50));
    [p] = (await s.view.readPixels([at])) as number[][] as [number[]];
  }
  expect(near(p, want, tol), `pixel at ${at.x},${at.y}: ${p}`).toBe(true);
  return p;
}
const warp = (points: Corners) => ({
  enabled: true,
  points: points.map((p) => ({ ...p })),
  meshEnabled: false,
  meshResolution: 0,
  meshPoints: [],
  showGrid: false,
  gridDensity: 1,
  gridThickness: 1,
});

describe('canvas layer types', () => {
  it('image and mask: a luminance mask with invert and feather', async () => {
    const s = mount(200, 100);
    const mask = layer('mask', 'm', { x: 50, y: 50, width: 100, height: 100, visible: true, maskData: { feather: 0 } });
    mask.content.src = solidPng('#ffffff');
    const img = layer('image', 'i', { x: 100, y: 50, width: 200, height: 100, maskId: 'm' });
    img.content.src = solidPng('#ff0000');
    s.view.show(project(200, 100, [mask, img]));
    await s.view.whenIdle();
    const [inside, outside] = await s.view.readPixels([
      { x: 25, y: 50 },
      { x: 175, y: 50 },
    ]);
    expect(near(inside!, [255, 0, 0, 255])).toBe(true);
    expect(near(outside!, [0, 0, 0, 255])).toBe(true);
    img.maskInvert = true;
    s.view.show(project(200, 100, [mask, { ...img }]));
    const [inv1, inv2] = await s.view.readPixels([
      { x: 25, y: 50 },
      { x: 175, y: 50 },
    ]);
    expect(near(inv1!, [0, 0, 0, 255])).toBe(true);
    expect(near(inv2!, [255, 0, 0, 255])).toBe(true);
    // Feather: the edge at x = 100 becomes a ramp.
    s.view.show(
      project(200, 100, [
        { ...mask, maskData: { feather: 8 } },
        { ...img, maskInvert: false },
      ]),
    );
    const [edge] = await s.view.readPixels([{ x: 100, y: 50 }]);
    expect(edge![0]).toBeGreaterThan(40);
    expect(edge![0]).toBeLessThan(215);
    expect(s.view.loadStatus('i')?.status).toBe('loaded');
  });

  it('an image is loading until its picture arrives, then loaded', async () => {
    let arrive: (() => void) | null = null;
    const held = new Promise<void>((resolve) => (arrive = resolve));
    const s = mount(100, 100, 1, {
      loadImage: async (url) => {
        await held;
        const img = new Image();
        img.src = url;
        await img.decode();
        return img;
      },
    });
    const img = layer('image', 'slow', { x: 50, y: 50, width: 100, height: 100 });
    img.content.src = solidPng('#ff0000');
    s.view.show(project(100, 100, [img]));
    await new Promise((r) => setTimeout(r, 300));
    expect(s.view.loadStatus('slow')?.status, 'still on its way').toBe('loading');
    arrive!();
    await waitFor('the image to load', () => s.view.loadStatus('slow')?.status === 'loaded');
    await waitForPixel(s, { x: 50, y: 50 }, [255, 0, 0, 255]);
  });

  it('fragment shader', async () => {
    const s = mount(100, 100);
    const sh = layer('fragment-shader', 'sh', { x: 50, y: 50, width: 100, height: 100 });
    sh.content.fragmentSrc = 'precision mediump float; void main() { gl_FragColor = vec4(0.0, 0.0, 1.0, 1.0); }';
    s.view.show(project(100, 100, [sh]));
    const [p] = await s.view.readPixels([{ x: 50, y: 50 }]);
    expect(near(p!, [0, 0, 255, 255])).toBe(true);
  });

  it('video: an element per layer with the layer settings; a broken file says so', async () => {
    const s = mount(100, 100);
    const v = layer('video', 'v', { x: 50, y: 50, width: 100, height: 100 });
    v.content.src = await solidWebm('#00ff00');
    v.properties.playbackRate = 1.5;
    v.properties.volume = 0.25;
    s.view.show(project(100, 100, [v]));
    await waitFor('the video to load', () => s.view.loadStatus('v')?.status === 'loaded');
    await waitForPixel(s, { x: 50, y: 50 }, [0, 255, 0, 255], 40);
    const broken = layer('video', 'bad', { x: 50, y: 50 });
    broken.content.src = URL.createObjectURL(new Blob([new Uint8Array(4096).fill(7)], { type: 'video/webm' }));
    s.view.show(project(100, 100, [broken]));
    const issue = await waitFor('the decode failure', () => s.issues.find((i) => i.layerId === 'bad'));
    expect(issue.message).toBe('Layer bad failed to load');
    expect(issue.detail).toMatch(/cannot decode|could not be decoded|damaged/);
  });

  it('video: a file missing on another origin or an address nothing answers is not blamed on the codec alone', async () => {
    const s = mount(100, 100);
    const missing = layer('video', 'missing', { x: 25, y: 50, width: 50, height: 100 });
    missing.content.src = `${sandboxOrigin}/no-such-clip.webm`; // a 404 without CORS: unreadable here
    const nobody = layer('video', 'nobody', { x: 75, y: 50, width: 50, height: 100 });
    nobody.content.src = 'http://127.0.0.1:9/clip.webm'; // the discard port: refused
    s.view.show(project(100, 100, [missing, nobody]));
    const a = await waitFor('the missing file', () => s.issues.find((i) => i.layerId === 'missing'));
    expect(a.detail).toMatch(/may be missing on its server/);
    const b = await waitFor('the unreachable address', () => s.issues.find((i) => i.layerId === 'nobody'));
    expect(b.detail).toMatch(/cannot be reached|network error/);
  });

  it('p5.js: a sketch in the sandbox sends its canvas as ImageBitmaps', async () => {
    const s = mount(100, 100, 1, { sandboxOrigin });
    const p5 = layer('p5js', 'p5', { x: 50, y: 50, width: 100, height: 100 });
    p5.content.code = 'function setup() { createCanvas(50, 50); } function draw() { background(255, 128, 0); }';
    s.view.show(project(100, 100, [p5]));
    await waitFor('the first p5 frame', () => s.view.loadStatus('p5')?.status === 'loaded', 20_000);
    const [p] = await s.view.readPixels([{ x: 50, y: 50 }]);
    expect(near(p!, [255, 128, 0, 255], 16)).toBe(true);
    const frame = s.view.layerElement('p5') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(new URL(frame.src).origin).toBe(sandboxOrigin);

    // Taking the stage down (its frame goes, frames maybe still on their way) costs no other stage
    // of this page its GL context: with GPU-backed bitmaps Chromium failed the page's GPU channel,
    // and the next stage lost its context within tens of milliseconds (the next test's, nearly
    // every run; after the restore a busy machine sometimes drew its picture as noise).
    const losses: string[] = [];
    const onLost = (e: Event) => losses.push((e.target as HTMLCanvasElement).id || 'the p5 stage');
    stages.splice(stages.indexOf(s), 1);
    tearDown(s);
    window.addEventListener('webglcontextlost', onLost, true);
    try {
      const next = mount(100, 100);
      next.canvas.id = 'the next stage';
      const sh = layer('fragment-shader', 'sh', { x: 50, y: 50, width: 100, height: 100 });
      sh.content.fragmentSrc = 'precision mediump float; void main() { gl_FragColor = vec4(0.0, 0.0, 1.0, 1.0); }';
      next.view.show(project(100, 100, [sh]));
      const end = performance.now() + 1_000;
      while (performance.now() < end && !losses.length) {
        await next.view.readPixels([{ x: 50, y: 50 }]);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(losses, 'stages that lost their GL context').toEqual([]);
      const [q] = await next.view.readPixels([{ x: 50, y: 50 }]);
      expect(near(q!, [0, 0, 255, 255]), `the next stage draws: ${q}`).toBe(true);
    } finally {
      window.removeEventListener('webglcontextlost', onLost, true);
    }
  });
});

describe('DOM layer types', () => {
  const corners: Corners = [
    { x: 40, y: 30 },
    { x: 250, y: 50 },
    { x: 230, y: 170 },
    { x: 60, y: 150 },
  ];

  it('a giphy layer lands on the GL corner pin of the same points within 1 px', async () => {
    const s = mount(300, 200);
    const gl = layer('image', 'gl', { width: 100, height: 80, warp: warp(corners) });
    gl.content.src = solidPng('#ff0000');
    const gif = layer('giphy', 'gif', { width: 100, height: 80, warp: warp(corners) });
    gif.content.src = solidPng('#00ff00');
    gif.properties.fitMode = 'fill';
    s.view.show(project(300, 200, [gif, gl]));
    await s.view.whenIdle();
    await waitFor('the image element', () => s.view.loadStatus('gif')?.status === 'loaded');
    // GL: the canvas read back; DOM: a screenshot of the stage (the DOM layer covers the GL one).
    await waitForPixel(s, { x: 150, y: 100 }, [255, 0, 0, 255]);
    const glQuad = regionCorners(await s.view.readCanvas(), (r, g) => r > 128 && g < 100);
    const shot = await screenshotPixels(s.frame);
    expect(shot.width).toBe(300);
    const domQuad = regionCorners(shot, (r, g) => g > 128 && r < 100);
    expect(glQuad.count).toBeGreaterThan(1000);
    expect(Math.abs(domQuad.count - glQuad.count) / glQuad.count).toBeLessThan(0.03);
    glQuad.corners.forEach((c, i) => {
      const d = domQuad.corners[i]!;
      expect(Math.hypot(c.x - d.x, c.y - d.y), `corner ${i}: GL ${c.x},${c.y} DOM ${d.x},${d.y}`).toBeLessThanOrEqual(1);
    });
  });

  it('follows the displayed size of the canvas (scaled stage)', async () => {
    const s = mount(300, 200, 0.5);
    const gif = layer('giphy', 'gif', { width: 100, height: 80, warp: warp(corners) });
    gif.content.src = solidPng('#00ff00');
    gif.properties.fitMode = 'fill';
    s.view.show(project(300, 200, [gif]));
    await waitFor('the image element', () => s.view.loadStatus('gif')?.status === 'loaded');
    const dom = regionCorners(await screenshotPixels(s.frame), (r, g) => g > 128 && r < 100);
    corners.forEach((c, i) => {
      const d = dom.corners[i]!;
      // The outermost pixel centres lie inside the true corners by up to ~1 px.
      expect(Math.hypot(c.x * 0.5 - d.x, c.y * 0.5 - d.y), `corner ${i}`).toBeLessThanOrEqual(1.5);
    });
  });

  it('blends DOM layers with the canvas through mix-blend-mode; modes CSS lacks draw as normal', async () => {
    const s = mount(200, 100);
    const base = layer('image', 'base', { x: 100, y: 50, width: 200, height: 100 });
    base.content.src = solidPng('#c8c8c8');
    const mul = layer('giphy', 'mul', { x: 50, y: 50, width: 100, height: 100, blendMode: 'multiply' });
    mul.content.src = solidPng('#00ff00');
    const sub = layer('giphy', 'sub', { x: 150, y: 50, width: 100, height: 100, blendMode: 'subtract', opacity: 0.5 });
    sub.content.src = solidPng('#00ff00');
    s.view.show(project(200, 100, [mul, sub, base]));
    await s.view.whenIdle();
    await waitFor('both images', () => s.view.loadStatus('mul')?.status === 'loaded' && s.view.loadStatus('sub')?.status === 'loaded');
    const shot = await screenshotPixels(s.frame);
    const at = (x: number, y: number) => Array.from(shot.data.slice((y * shot.width + x) * 4, (y * shot.width + x) * 4 + 4));
    expect(near(at(50, 50), [0, 200, 0, 255], 6), `multiply ${at(50, 50)}`).toBe(true);
    // subtract falls back to normal, at half opacity: (200+0)/2, (200+255)/2, 200/2.
    expect(near(at(150, 50), [100, 228, 100, 255], 6), `subtract ${at(150, 50)}`).toBe(true);
  });

  it('url layers: https pages framed, refused addresses reported with a message', async () => {
    const s = mount(200, 100);
    const bad = layer('url', 'js', {});
    bad.content.url = 'javascript:alert(1)';
    const own = layer('url', 'own', {});
    own.content.url = `${location.origin}/editor/x`;
    const ok = layer('url', 'ok', {});
    ok.content.url = 'https://example.invalid/page';
    s.view.show(project(200, 100, [bad, own, ok]));
    expect(s.view.layerElement('js')).toBeNull();
    expect(s.view.layerElement('own')).toBeNull();
    expect(s.issues.map((i) => [i.layerId, i.kind])).toEqual([
      ['js', 'refused'],
      ['own', 'refused'],
    ]);
    expect(s.issues[1]!.detail).toBe("Beamstage's own pages cannot be shown inside a URL layer");
    const frame = s.view.layerElement('ok') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.src).toBe('https://example.invalid/page');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    // Never the app's origin for a framed page (design.md section 4 rule 1).
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
  });

  it('html layers run in the sandbox; a hung one is removed and restarts', async () => {
    const s = mount(200, 100, 1, { sandboxOrigin });
    const h = layer('html', 'h', { x: 50, y: 50, width: 100, height: 100 });
    h.content.html = '<div style="width:100%;height:100%;background:#0000ff"></div>';
    const hang = layer('html', 'hang', { x: 150, y: 50, width: 100, height: 100 });
    // eval escapes the injected loop guard: only the heartbeat can catch this one.
    hang.content.html = '<script>setTimeout(function(){ eval("for(;;){}") }, 300)</script>';
    s.view.show(project(200, 100, [h, hang]));
    await waitFor('both frames ready', () => s.view.loadStatus('h')?.status === 'loaded' && s.view.loadStatus('hang')?.status === 'loaded');
    const frame = s.view.layerElement('h') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    // The studio page is another site, so its own process keeps running while user code spins:
    // a GL layer still draws during the hang.
    const sh = layer('fragment-shader', 'sh', { x: 100, y: 50, width: 20, height: 20 });
    sh.content.fragmentSrc = 'precision mediump float; void main() { gl_FragColor = vec4(1.0, 1.0, 0.0, 1.0); }';
    await new Promise((r) => setTimeout(r, 600));
    s.view.show(project(200, 100, [h, hang, sh]));
    const [yellow] = await s.view.readPixels([{ x: 100, y: 50 }]);
    expect(near(yellow!, [255, 255, 0, 255])).toBe(true);
    const hung = await waitFor('the hung report', () => s.issues.find((i) => i.kind === 'hung' && i.layerId === 'hang'), 10_000);
    expect(hung.message).toBe('Layer hang stopped responding');
    expect(s.view.layerElement('hang')).toBeNull();
    // Frames of one sandbox site share a browser process, so a neighbour that went silent in the
    // same seconds is removed too (reported the same way); both restart.
    for (const i of s.issues) expect(i.kind).toBe('hung');
    s.view.restartLayer('h');
    await waitFor('the restarted layer', () => s.view.loadStatus('h')?.status === 'loaded', 10_000);
    expect(s.view.layerElement('h')?.tagName).toBe('IFRAME');
  });

  it('dom_mask and rtmp: a mask image multiplies; a stream without an HLS fallback says why', async () => {
    const s = mount(100, 100);
    const m = layer('dom_mask', 'dm', { x: 50, y: 50, width: 100, height: 100 });
    m.content.src = solidPng('#ffffff');
    const r = layer('rtmp', 'r', {});
    r.content.url = 'rtmp://live.example/app/key';
    r.content.fallbackHls = '';
    s.view.show(project(100, 100, [m, r]));
    await waitFor('the mask image', () => s.view.loadStatus('dm')?.status === 'loaded');
    const el = s.view.layerElement('dm')!;
    expect(getComputedStyle(el).mixBlendMode).toBe('multiply');
    expect(getComputedStyle(el).filter).toBe('invert(1)');
    const issue = await waitFor('the stream issue', () => s.issues.find((i) => i.layerId === 'r'));
    expect(issue.message).toBe('Layer r failed to load');
    expect(issue.detail).toMatch(/cannot play RTMP/);
  });

  it('rtmp: plays the HLS fallback through hls.js in low-latency mode', async () => {
    const created: { config: Record<string, unknown>; source?: string; media?: HTMLMediaElement }[] = [];
    class FakeHls {
      static Events = { ERROR: 'hlsError' };
      static isSupported = () => true;
      constructor(readonly config: Record<string, unknown>) {
        created.push({ config });
      }
      on() {}
      loadSource(url: string) {
        created.at(-1)!.source = url;
      }
      attachMedia(media: HTMLMediaElement) {
        created.at(-1)!.media = media;
      }
      destroy() {}
    }
    const s = mount(100, 100, 1, { loadHls: async () => FakeHls as never });
    const r = layer('rtmp', 'r', {});
    r.content.fallbackHls = 'https://live.example/stream/index.m3u8';
    r.content.muted = true;
    s.view.show(project(100, 100, [r]));
    await waitFor('hls.js attached', () => created[0]?.media);
    expect(created[0]).toMatchObject({ config: { lowLatencyMode: true }, source: 'https://live.example/stream/index.m3u8' });
    expect(created[0]!.media).toBe(s.view.layerElement('r'));
    expect((created[0]!.media as HTMLVideoElement).muted).toBe(true);
  });
});
