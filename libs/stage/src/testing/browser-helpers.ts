// Helpers for libs/stage's browser tests: a stage in the page, solid images, a generated video,
// and pixel search in screenshots.
import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { Layer, LayerId, LayerType, LayerOf, ProjectId, ProjectJson } from '@beamstage/layers';
import { page } from 'vitest/browser';
import { createStageView, type StageView, type StageViewOptions } from '../stage-view';
import type { LayerIssue } from '../load-tracker';

/** A data-URL PNG filled with one colour. */
export function solidPng(color: string, size = 16): string {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, size, size);
  return canvas.toDataURL('image/png');
}

export function layer<T extends LayerType>(type: T, id: string, patch: Partial<Layer> = {}): LayerOf<T> {
  return Object.assign(createLayer(type, { id: id as LayerId }), patch) as LayerOf<T>;
}

export function project(width: number, height: number, layers: Layer[], background = '#000000'): ProjectJson {
  const p = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
  p.canvas = { ...p.canvas, width, height, background };
  p.layers = layers;
  return p;
}

export interface TestStage {
  view: StageView;
  canvas: HTMLCanvasElement;
  frame: HTMLElement;
  issues: LayerIssue[];
}

/** A stage in a positioned frame at the page's top-left, canvas shown at `displayScale`. */
export function mountStage(width: number, height: number, displayScale = 1, options: StageViewOptions = {}): TestStage {
  const frame = document.createElement('div');
  frame.style.cssText = `position:relative;left:0;top:0;width:${width * displayScale}px;height:${height * displayScale}px;background:#000`;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.style.cssText = `display:block;width:${width * displayScale}px;height:${height * displayScale}px`;
  frame.appendChild(canvas);
  document.body.style.margin = '0';
  document.body.prepend(frame);
  const issues: LayerIssue[] = [];
  const view = createStageView(canvas, { onLayerIssue: (i) => issues.push(i), ...options });
  return { view, canvas, frame, issues };
}

export async function waitFor<T>(what: string, fn: () => T | null | undefined | false, timeoutMs = 15_000): Promise<T> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (performance.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A short WebM of one solid colour, recorded from a canvas (no fixture file needed). */
export async function solidWebm(color: string, ms = 600): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext('2d')!;
  const stream = canvas.captureStream(30);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise<void>((r) => (recorder.onstop = () => r()));
  recorder.start(100);
  const start = performance.now();
  while (performance.now() - start < ms) {
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 64, 64);
    await new Promise((r) => requestAnimationFrame(r));
  }
  recorder.stop();
  await done;
  return URL.createObjectURL(new Blob(chunks, { type: 'video/webm' }));
}

/** RGBA pixels of a screenshot of an element (CSS px = screenshot px at DPR 1). */
export async function screenshotPixels(element: Element): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const base64 = await page.screenshot({ element, save: false });
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const c = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  return { width: bitmap.width, height: bitmap.height, data: ctx.getImageData(0, 0, bitmap.width, bitmap.height).data };
}

/**
 * The four corners of the region whose pixels match `test`, as the extreme points along the
 * diagonals (top-left minimises x+y, top-right maximises x-y, ...): right for convex quads that
 * are not rotated past 45 degrees. Pixel centres (x + 0.5).
 */
export function regionCorners(img: { width: number; height: number; data: Uint8ClampedArray }, test: (r: number, g: number, b: number) => boolean) {
  let tl = { s: Infinity, x: 0, y: 0 },
    tr = { s: -Infinity, x: 0, y: 0 },
    br = { s: -Infinity, x: 0, y: 0 },
    bl = { s: Infinity, x: 0, y: 0 };
  let count = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      if (!test(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!)) continue;
      count++;
      const px = x + 0.5,
        py = y + 0.5;
      if (px + py < tl.s) tl = { s: px + py, x: px, y: py };
      if (px - py > tr.s) tr = { s: px - py, x: px, y: py };
      if (px + py > br.s) br = { s: px + py, x: px, y: py };
      if (px - py < bl.s) bl = { s: px - py, x: px, y: py };
    }
  }
  return { count, corners: [tl, tr, br, bl].map(({ x, y }) => ({ x, y })) };
}
