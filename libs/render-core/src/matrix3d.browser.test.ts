import { describe, expect, it } from 'vitest';
import { applyHomography, squareToQuad } from './homography';
import { cornersToMatrix3d } from './matrix3d';
import type { Corners } from './types';

describe('matrix3d in the browser', () => {
  it('the browser reads our matrix3d string as the GL homography', () => {
    const corners: Corners = [
      { x: 30, y: 12 },
      { x: 700, y: 40 },
      { x: 760, y: 580 },
      { x: 10, y: 520 },
    ];
    const m = new DOMMatrix(cornersToMatrix3d(400, 300, corners));
    for (const [u, v] of [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0.25, 0.6],
      [0.8, 0.3],
    ] as const) {
      const p = m.transformPoint(new DOMPoint(u * 400, v * 300, 0, 1));
      const want = applyHomography(squareToQuad(corners), { x: u, y: v });
      // Within 0.05 px: Chromium keeps CSS matrix entries at single precision.
      expect(Math.abs(p.x / p.w - want.x)).toBeLessThan(0.05);
      expect(Math.abs(p.y / p.w - want.y)).toBeLessThan(0.05);
    }
  });

  it('a DOM element with the style lands on the corners (bounding box of the warped element)', () => {
    const corners: Corners = [
      { x: 40, y: 20 },
      { x: 300, y: 50 },
      { x: 280, y: 220 },
      { x: 20, y: 180 },
    ];
    const host = document.createElement('div');
    host.style.cssText = 'position:fixed;left:0;top:0;width:400px;height:300px';
    const el = document.createElement('div');
    el.style.cssText = `position:absolute;left:0;top:0;width:200px;height:100px;transform-origin:0 0;transform:${cornersToMatrix3d(200, 100, corners)}`;
    host.appendChild(el);
    document.body.appendChild(host);
    const r = el.getBoundingClientRect();
    expect(r.left).toBeCloseTo(20, 0);
    expect(r.top).toBeCloseTo(20, 0);
    expect(r.right).toBeCloseTo(300, 0);
    expect(r.bottom).toBeCloseTo(220, 0);
    host.remove();
  });
});
