import { describe, expect, it } from 'vitest';
import { applyHomography, squareToQuad } from './homography';
import { applyCornersStyle, cornersToMatrix3d } from './matrix3d';
import type { Corners } from './types';

const corners: Corners = [
  { x: 12, y: 8 },
  { x: 410, y: 30 },
  { x: 380, y: 290 },
  { x: 25, y: 250 },
];

/** Applies a CSS matrix3d (column-major) to (x, y, 0, 1) with the perspective divide, as a browser does. */
function applyCss(m: number[], x: number, y: number): { x: number; y: number } {
  const X = m[0]! * x + m[4]! * y + m[12]!;
  const Y = m[1]! * x + m[5]! * y + m[13]!;
  const W = m[3]! * x + m[7]! * y + m[15]!;
  return { x: X / W, y: Y / W };
}

describe('cornersToMatrix3d', () => {
  it('puts the element corners on the warp corners and interior points where the GL homography does', () => {
    const css = cornersToMatrix3d(320, 240, corners);
    const m = /^matrix3d\((.*)\)$/.exec(css)![1]!.split(',').map(Number);
    expect(m).toHaveLength(16);
    [
      [0, 0],
      [320, 0],
      [320, 240],
      [0, 240],
    ].forEach(([x, y], i) => {
      const p = applyCss(m, x!, y!);
      expect(p.x).toBeCloseTo(corners[i]!.x, 6);
      expect(p.y).toBeCloseTo(corners[i]!.y, 6);
    });
    const gl = applyHomography(squareToQuad(corners), { x: 0.3, y: 0.7 });
    const dom = applyCss(m, 0.3 * 320, 0.7 * 240);
    expect(dom.x).toBeCloseTo(gl.x, 6);
    expect(dom.y).toBeCloseTo(gl.y, 6);
  });

  it('writes the style only when the corners or size change', () => {
    const el = { style: { transform: '', transformOrigin: '' } };
    expect(applyCornersStyle(el, 320, 240, corners)).toBe(true);
    expect(el.style.transformOrigin).toBe('0 0');
    expect(el.style.transform).toBe(cornersToMatrix3d(320, 240, corners));
    el.style.transform = 'sentinel';
    expect(applyCornersStyle(el, 320, 240, [...corners] as unknown as Corners)).toBe(false);
    expect(el.style.transform).toBe('sentinel');
    const moved: Corners = [{ x: 13, y: 8 }, corners[1], corners[2], corners[3]];
    expect(applyCornersStyle(el, 320, 240, moved)).toBe(true);
    expect(applyCornersStyle(el, 321, 240, moved)).toBe(true);
  });
});
