import { describe, expect, it } from 'vitest';
import { createMeshPoints, evaluateMesh, tessellateMesh } from './mesh';
import type { MeshWarp } from './types';

const grid = (interpolation: 'bilinear' | 'bicubic', rows = 3, cols = 4): MeshWarp => ({
  kind: 'mesh',
  rows,
  cols,
  interpolation,
  points: createMeshPoints(rows, cols, 10, 20, 300, 200),
});

describe('mesh warp', () => {
  for (const interp of ['bilinear', 'bicubic'] as const) {
    it(`${interp}: a regular grid maps (u, v) linearly`, () => {
      const m = grid(interp);
      for (const [u, v] of [
        [0, 0],
        [0.37, 0.81],
        [1, 1],
        [0.5, 0.25],
      ] as const) {
        const p = evaluateMesh(m, u, v);
        expect(p.x).toBeCloseTo(10 + 300 * u, 9);
        expect(p.y).toBeCloseTo(20 + 200 * v, 9);
      }
    });

    it(`${interp}: passes through every control point`, () => {
      const m = grid(interp);
      const pts = m.points.map((p, i) => ({ x: p.x + ((i * 7) % 5) * 3, y: p.y - ((i * 3) % 4) * 2 }));
      const moved = { ...m, points: pts };
      for (let r = 0; r < m.rows; r++) {
        for (let c = 0; c < m.cols; c++) {
          const p = evaluateMesh(moved, c / (m.cols - 1), r / (m.rows - 1));
          expect(p.x).toBeCloseTo(pts[r * m.cols + c]!.x, 9);
          expect(p.y).toBeCloseTo(pts[r * m.cols + c]!.y, 9);
        }
      }
    });
  }

  it('bicubic is smooth across cells where bilinear has a kink', () => {
    const m = grid('bicubic', 2, 3);
    const pts = m.points.map((p) => ({ ...p }));
    pts[1] = { x: pts[1]!.x, y: pts[1]!.y - 60 }; // pull the top middle point up
    pts[4] = { x: pts[4]!.x, y: pts[4]!.y - 60 };
    const slope = (mesh: MeshWarp, u: number): number => {
      const e = 1e-4;
      return (evaluateMesh(mesh, u + e, 0).y - evaluateMesh(mesh, u - e, 0).y) / (2 * e);
    };
    const bicubic = { ...m, points: pts };
    const bilinear = { ...m, points: pts, interpolation: 'bilinear' as const };
    const justLeft = 0.5 - 1e-3,
      justRight = 0.5 + 1e-3;
    expect(Math.abs(slope(bicubic, justLeft) - slope(bicubic, justRight))).toBeLessThan(10);
    expect(Math.abs(slope(bilinear, justLeft) - slope(bilinear, justRight))).toBeGreaterThan(100);
  });

  it('tessellates 16 quads per cell side with in-range indices', () => {
    const g = tessellateMesh(grid('bicubic'));
    expect(g.columns).toBe(3 * 16 + 1);
    expect(g.rows).toBe(2 * 16 + 1);
    expect(g.indices.length).toBe(3 * 16 * 2 * 16 * 6);
    expect(Math.max(...g.indices)).toBe(g.columns * g.rows - 1);
  });

  it('refuses a point count that is not rows*cols', () => {
    expect(() => tessellateMesh({ kind: 'mesh', rows: 2, cols: 2, points: [{ x: 0, y: 0 }] })).toThrow(/rows\*cols/);
  });
});
