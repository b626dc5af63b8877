// The render benchmark's page: window.runRenderBench() measures and returns raw figures.
import { createRenderer, type RenderDescription, type Renderer } from '@beamstage/render-core';
import { baselineScene, budgetScene, hundredScene, makeImage, makeMaskImage } from './scene.bench';

interface BenchParams {
  warmup: number;
  frames: number;
  videoSeconds: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const nextFrame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

/** Forced-sync frame work: the draw plus a 1x1 readPixels, which waits for the GPU to finish. */
function timedFrame(renderer: Renderer, gl: WebGLRenderingContext, desc: RenderDescription, timeMs: number): number {
  const px = new Uint8Array(4);
  const t0 = performance.now();
  renderer.render(desc, timeMs);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  return performance.now() - t0;
}

async function videoUploads(renderer: Renderer, seconds: number): Promise<{ playing: number; paused: number; presentedPerSec: number }> {
  const src = new OffscreenCanvas(320, 180);
  const domSrc = document.createElement('canvas');
  domSrc.width = 320;
  domSrc.height = 180;
  const ctx = domSrc.getContext('2d')!;
  let n = 0,
    painting = true;
  const paint = (): void => {
    if (!painting) return;
    ctx.fillStyle = `hsl(${(n++ * 13) % 360} 80% 50%)`;
    ctx.fillRect(0, 0, src.width, src.height);
    requestAnimationFrame(paint);
  };
  paint();
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = domSrc.captureStream(30); // a 30 fps video source
  await video.play();
  while (video.readyState < 2) await nextFrame();
  let presented = 0;
  const onFrame = (): void => {
    presented++;
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  const desc: RenderDescription = {
    width: 640,
    height: 360,
    background: '#000000',
    items: [{ id: 'v', source: { kind: 'video', element: video }, width: 640, height: 360, x: 320, y: 180 }],
  };
  const run = async (): Promise<number> => {
    renderer.render(desc);
    const before = renderer.totalStats().textureUploads;
    const t0 = performance.now();
    while (performance.now() - t0 < seconds * 1000) {
      await nextFrame();
      renderer.render(desc);
    }
    return ((renderer.totalStats().textureUploads - before) * 1000) / (performance.now() - t0);
  };
  presented = 0;
  const tp = performance.now();
  const playing = await run();
  const presentedPerSec = (presented * 1000) / (performance.now() - tp);
  video.pause();
  await nextFrame();
  const paused = await run();
  painting = false;
  return { playing, paused, presentedPerSec };
}

async function runRenderBench(p: BenchParams): Promise<Record<string, unknown>> {
  const canvas = document.getElementById('stage') as HTMLCanvasElement;
  const renderer = createRenderer(canvas);
  const gl = canvas.getContext('webgl2')!;
  const images = await Promise.all([1, 2, 3, 4, 5].map((s) => makeImage(s)));
  const mask = await makeMaskImage();
  const baseline = baselineScene(images[0]!);
  const scene = budgetScene(images, mask);
  const hundred = hundredScene(images);

  // Interleaved: baseline and scene alternate, so machine noise hits both alike.
  const base: number[] = [],
    sc: number[] = [];
  for (let i = 0; i < p.warmup + p.frames; i++) {
    const b = timedFrame(renderer, gl, baseline, i * 16);
    const s = timedFrame(renderer, gl, scene, i * 16);
    if (i >= p.warmup) {
      base.push(b);
      sc.push(s);
    }
  }
  const sceneStats = (renderer.render(scene, 0), renderer.frameStats());
  const px = new Uint8Array(4);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);

  // CPU submit time of 100 layers: render() alone; the GPU is drained between samples, untimed.
  const submit: number[] = [];
  for (let i = 0; i < p.warmup + p.frames; i++) {
    const t0 = performance.now();
    renderer.render(hundred, i * 16);
    const dt = performance.now() - t0;
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    if (i >= p.warmup) submit.push(dt);
  }
  const hundredStats = renderer.frameStats();

  const video = await videoUploads(renderer, p.videoSeconds);
  const result = {
    renderer: renderer.rendererString,
    frames: p.frames,
    baselineMedianMs: median(base),
    sceneMedianMs: median(sc),
    sceneRatio: median(sc) / median(base),
    sceneFrameStats: sceneStats,
    submitMs100: median(submit),
    submitMs100Samples: submit.length,
    hundredFrameStats: hundredStats,
    uploadsPerSecPlaying: video.playing,
    uploadsPerSecPaused: video.paused,
    videoFramesPresentedPerSec: video.presentedPerSec,
  };
  renderer.dispose();
  return result;
}

(window as unknown as { runRenderBench: typeof runRenderBench }).runRenderBench = runRenderBench;
document.title = 'ready';
