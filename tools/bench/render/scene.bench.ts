// Scenes for the render benchmark and the demo page (browser code, served by Vite).
import type { Corners, RenderDescription, RenderItem } from '@beamstage/render-core';
import { seededRandom as rng } from '../../testing/seeded-random.ts';

export const SCENE_W = 1920;
export const SCENE_H = 1080;

/** A 512x384 photo-like test image (gradients and rings) as an ImageBitmap. */
export async function makeImage(seed: number, w = 512, h = 384): Promise<ImageBitmap> {
  const c = new OffscreenCanvas(w, h);
  const ctx = c.getContext('2d')!;
  const r = rng(seed);
  const g = ctx.createLinearGradient(0, 0, w, h);
  g.addColorStop(0, `hsl(${r() * 360} 70% 50%)`);
  g.addColorStop(1, `hsl(${r() * 360} 70% 30%)`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  for (let i = 0; i < 12; i++) {
    ctx.strokeStyle = `hsl(${r() * 360} 90% 70%)`;
    ctx.lineWidth = 4 + r() * 10;
    ctx.beginPath();
    ctx.arc(r() * w, r() * h, 20 + r() * 120, 0, Math.PI * 2);
    ctx.stroke();
  }
  return createImageBitmap(c);
}

/** A soft white disc on black: a luminance mask. */
export async function makeMaskImage(w = 512, h = 384): Promise<ImageBitmap> {
  const c = new OffscreenCanvas(w, h);
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, w, h);
  const g = ctx.createRadialGradient(w / 2, h / 2, 10, w / 2, h / 2, Math.min(w, h) / 2);
  g.addColorStop(0, '#fff');
  g.addColorStop(1, '#000');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  return createImageBitmap(c);
}

/** Perspective corners for a cell, each corner jittered by up to 15% of the cell. */
function jitteredCorners(x: number, y: number, w: number, h: number, r: () => number): Corners {
  const j = (): number => (r() - 0.5) * 0.3;
  return [
    { x: x + j() * w, y: y + j() * h },
    { x: x + w + j() * w, y: y + j() * h },
    { x: x + w + j() * w, y: y + h + j() * h },
    { x: x + j() * w, y: y + h + j() * h },
  ];
}

export const PLASMA_GLSL = `uniform float speed;
void main() {
  vec2 p = gl_FragCoord.xy / resolution;
  float t = time * speed;
  float v = sin(p.x * 10.0 + t) + sin(p.y * 8.0 - t) + sin((p.x + p.y) * 6.0 + t * 0.5);
  gl_FragColor = vec4(0.5 + 0.5 * sin(v), 0.5 + 0.5 * sin(v + 2.0), 0.5 + 0.5 * sin(v + 4.0), 1.0);
}`;

/** The baseline: one full-screen textured quad. */
export function baselineScene(image: ImageBitmap): RenderDescription {
  return {
    width: SCENE_W,
    height: SCENE_H,
    background: '#000000',
    items: [{ id: 'full', source: { kind: 'bitmap', bitmap: image }, width: SCENE_W, height: SCENE_H, x: SCENE_W / 2, y: SCENE_H / 2 }],
  };
}

/**
 * The budget scene: 20 image layers, each corner-pinned onto one cell of a 5x4 grid covering the
 * output (so together they cover it about once), 2 of them masked by 2 (invisible) mask layers,
 * and 1 shader layer (640x360) on top.
 */
export function budgetScene(images: ImageBitmap[], mask: ImageBitmap): RenderDescription {
  const r = rng(7);
  const items: RenderItem[] = [];
  const cw = SCENE_W / 5,
    ch = SCENE_H / 4;
  for (let i = 0; i < 2; i++) {
    items.push({ id: `mask${i}`, source: { kind: 'bitmap', bitmap: mask }, width: cw, height: ch, x: (i * 2 + 1.5) * cw, y: 1.5 * ch, visible: false });
  }
  for (let i = 0; i < 20; i++) {
    const col = i % 5,
      row = Math.floor(i / 5);
    items.push({
      id: `img${i}`,
      source: { kind: 'bitmap', bitmap: images[i % images.length]! },
      width: cw,
      height: ch,
      x: 0,
      y: 0,
      warp: { kind: 'corners', points: jitteredCorners(col * cw, row * ch, cw, ch, r) },
      ...(i === 6 ? { mask: { itemId: 'mask0' } } : i === 8 ? { mask: { itemId: 'mask1', invert: true } } : {}),
    });
  }
  items.push({
    id: 'shader',
    source: { kind: 'shader', fragmentSrc: PLASMA_GLSL, uniforms: { speed: 1.5 } },
    width: 640,
    height: 360,
    x: SCENE_W / 2,
    y: SCENE_H / 2,
    rotation: 8,
  });
  return { width: SCENE_W, height: SCENE_H, background: '#000000', items };
}

/** 100 small corner-pinned image layers (the CPU submit figure). */
export function hundredScene(images: ImageBitmap[]): RenderDescription {
  const r = rng(11);
  const items: RenderItem[] = [];
  const cw = SCENE_W / 10,
    ch = SCENE_H / 10;
  for (let i = 0; i < 100; i++) {
    const col = i % 10,
      row = Math.floor(i / 10);
    items.push({
      id: `l${i}`,
      source: { kind: 'bitmap', bitmap: images[i % images.length]! },
      width: cw,
      height: ch,
      x: 0,
      y: 0,
      warp: { kind: 'corners', points: jitteredCorners(col * cw, row * ch, cw, ch, r) },
    });
  }
  return { width: SCENE_W, height: SCENE_H, background: '#000000', items };
}
