import { afterAll, describe, expect, it } from 'vitest';
import { applyHomography, invertMat3, squareToQuad } from './homography';
import { createMeshPoints, evaluateMesh } from './mesh';
import { createRenderer } from './renderer';
import { makeCanvas, newCanvas, readAll } from './testing/pixels';
import type { Corners, MeshWarp, Point } from './types';

const SIZE = 128;
const TEX = 256;
// A texture whose red encodes u and green encodes v (texel centres), so every pixel tells where it sampled.
const gradient = makeCanvas(TEX, TEX, (x, y) => [Math.round(((x + 0.5) / TEX) * 255), Math.round(((y + 0.5) / TEX) * 255), 0, 255]);
let bitmap: ImageBitmap;
const canvas = newCanvas(SIZE, SIZE);
const renderer = createRenderer(canvas);
const gl = canvas.getContext('webgl2')!;
afterAll(() => renderer.dispose());

// A strongly perspective quad: the far edge is short.
const corners: Corners = [
  { x: 40, y: 6 },
  { x: 88, y: 10 },
  { x: 124, y: 122 },
  { x: 4, y: 118 },
];

/** Where an affine two-triangle split (TL-TR-BR and TL-BR-BL) would sample: barycentric uv. */
function affineUv(p: Point): { u: number; v: number } {
  const tri = (a: Point, b: Point, c: Point, ua: number[], ub: number[], uc: number[]): { u: number; v: number } | null => {
    const d = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y);
    const l1 = ((b.y - c.y) * (p.x - c.x) + (c.x - b.x) * (p.y - c.y)) / d;
    const l2 = ((c.y - a.y) * (p.x - c.x) + (a.x - c.x) * (p.y - c.y)) / d;
    const l3 = 1 - l1 - l2;
    if (l1 < 0 || l2 < 0 || l3 < 0) return null;
    return { u: l1 * ua[0]! + l2 * ub[0]! + l3 * uc[0]!, v: l1 * ua[1]! + l2 * ub[1]! + l3 * uc[1]! };
  };
  const [a, b, c, d] = corners;
  return tri(a, b, c, [0, 0], [1, 0], [1, 1]) ?? tri(a, c, d, [0, 0], [1, 1], [0, 1]) ?? { u: -1, v: -1 };
}

describe('corner pin', () => {
  it('is a true perspective warp with no seam on the diagonal', async () => {
    bitmap = await createImageBitmap(gradient);
    renderer.render({
      width: SIZE,
      height: SIZE,
      background: '#0000ff',
      items: [{ id: 'q', source: { kind: 'bitmap', bitmap }, width: 10, height: 10, x: 0, y: 0, warp: { kind: 'corners', points: corners } }],
    });
    const px = readAll(gl);
    const inv = invertMat3(squareToQuad(corners));
    let checked = 0,
      worstProjective = 0,
      worstAffine = 0;
    for (let y = 0; y < SIZE; y += 2) {
      for (let x = 0; x < SIZE; x += 2) {
        const uv = applyHomography(inv, { x: x + 0.5, y: y + 0.5 });
        if (uv.x < 0.03 || uv.x > 0.97 || uv.y < 0.03 || uv.y > 0.97) continue;
        const [r, g, b] = px.at(x, y);
        expect(b).toBe(0);
        worstProjective = Math.max(worstProjective, Math.abs(r / 255 - uv.x), Math.abs(g / 255 - uv.y));
        const aff = affineUv({ x: x + 0.5, y: y + 0.5 });
        worstAffine = Math.max(worstAffine, Math.abs(aff.u - uv.x), Math.abs(aff.v - uv.y));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
    // The check has teeth: a two-triangle affine warp of this quad is off by far more.
    expect(worstAffine).toBeGreaterThan(0.08);
    expect(worstProjective).toBeLessThan(0.02);
  });

  it('puts nothing outside the quad', () => {
    const px = readAll(gl);
    expect(px.at(2, 2)).toEqual([0, 0, 255, 255]);
    expect(px.at(120, 20)).toEqual([0, 0, 255, 255]);
  });
});

describe('mesh warp', () => {
  const mesh = (interpolation: 'bicubic' | 'bilinear'): MeshWarp => {
    const points = createMeshPoints(3, 3, 8, 8, 112, 112);
    points[4] = { x: 72, y: 52 }; // drag the centre point up and right
    return { kind: 'mesh', rows: 3, cols: 3, points, interpolation };
  };
  for (const interp of ['bicubic', 'bilinear'] as const) {
    it(`${interp}: every pixel samples the (u, v) the mesh maps there`, () => {
      const warp = mesh(interp);
      renderer.render({
        width: SIZE,
        height: SIZE,
        background: '#0000ff',
        items: [{ id: `m-${interp}`, source: { kind: 'bitmap', bitmap }, width: 10, height: 10, x: 0, y: 0, warp }],
      });
      const px = readAll(gl);
      let worst = 0;
      for (let j = 1; j < 20; j++) {
        for (let i = 1; i < 20; i++) {
          const u = i / 20,
            v = j / 20;
          const p = evaluateMesh(warp, u, v);
          const [r, g] = px.at(Math.floor(p.x), Math.floor(p.y));
          worst = Math.max(worst, Math.abs(r / 255 - u), Math.abs(g / 255 - v));
        }
      }
      expect(worst).toBeLessThan(0.03);
      const [r, g] = px.at(72, 52);
      expect(Math.abs(r - 128)).toBeLessThanOrEqual(4);
      expect(Math.abs(g - 128)).toBeLessThanOrEqual(4);
    });
  }

  it('draws the show-grid overlay along the mesh lines', () => {
    const warp = { ...mesh('bicubic'), showGrid: { density: 2, thicknessPx: 3, color: '#ffffff' } };
    renderer.render({
      width: SIZE,
      height: SIZE,
      background: '#000000',
      items: [{ id: 'g', source: { kind: 'color', color: '#000000' }, width: 10, height: 10, x: 0, y: 0, warp }],
    });
    const px = readAll(gl);
    const on = evaluateMesh(warp, 0.25, 0.4); // density 2: a line at u = 0.25
    const off = evaluateMesh(warp, 0.375, 0.4);
    expect(px.at(Math.round(on.x), Math.round(on.y))).toEqual([255, 255, 255, 255]);
    expect(px.at(Math.round(off.x), Math.round(off.y))).toEqual([0, 0, 0, 255]);
  });
});

describe('mesh geometry cache', () => {
  it('re-tessellates when points change in place; an equal rebuilt mesh draws the same', () => {
    const points = createMeshPoints(2, 2, 0, 0, 64, 64);
    const warp: MeshWarp = { kind: 'mesh', rows: 2, cols: 2, points, interpolation: 'bilinear' };
    const item = { id: 'mc', source: { kind: 'color' as const, color: '#ffffff' }, width: 1, height: 1, x: 0, y: 0, warp };
    renderer.render({ width: SIZE, height: SIZE, background: '#000000', items: [item] });
    expect(readAll(gl).at(100, 100)).toEqual([0, 0, 0, 255]);
    points[3] = { x: 127, y: 127 }; // drag the bottom-right point, same arrays
    renderer.render({ width: SIZE, height: SIZE, background: '#000000', items: [item] });
    expect(readAll(gl).at(100, 100)).toEqual([255, 255, 255, 255]);
    const rebuilt = { ...item, warp: { ...warp, points: points.map((p) => ({ ...p })) } };
    renderer.render({ width: SIZE, height: SIZE, background: '#000000', items: [rebuilt] });
    expect(readAll(gl).at(100, 100)).toEqual([255, 255, 255, 255]);
  });
});
