import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyHomography, invertMat3, isConvexQuad, multiplyMat3, quadToQuad, squareToQuad, transformedCorners } from './homography';
import type { Corners } from './types';

const quad: Corners = [
  { x: 10, y: 20 },
  { x: 300, y: 40 },
  { x: 280, y: 260 },
  { x: 30, y: 200 },
];

describe('homography', () => {
  it('maps the unit square corners onto the quad', () => {
    const h = squareToQuad(quad);
    const unit = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    unit.forEach((p, i) => {
      const q = applyHomography(h, p);
      expect(q.x).toBeCloseTo(quad[i]!.x, 9);
      expect(q.y).toBeCloseTo(quad[i]!.y, 9);
    });
  });

  it('is projective, not affine: the quad centre is where the diagonals cross, not the corner average', () => {
    const h = squareToQuad(quad);
    const c = applyHomography(h, { x: 0.5, y: 0.5 });
    // Diagonal intersection of the quad (line p0-p2 with p1-p3).
    const [a, b, cc, d] = quad;
    const t = ((b.x - a.x) * (d.y - b.y) - (b.y - a.y) * (d.x - b.x)) / ((cc.x - a.x) * (d.y - b.y) - (cc.y - a.y) * (d.x - b.x));
    expect(c.x).toBeCloseTo(a.x + t * (cc.x - a.x), 9);
    expect(c.y).toBeCloseTo(a.y + t * (cc.y - a.y), 9);
    const avgX = (a.x + b.x + cc.x + d.x) / 4;
    expect(Math.abs(c.x - avgX)).toBeGreaterThan(0.5);
  });

  it('maps straight lines to straight lines (collinear points stay collinear)', () => {
    const h = squareToQuad(quad);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (v, s) => {
        const p0 = applyHomography(h, { x: 0, y: v }),
          p1 = applyHomography(h, { x: 1, y: v }),
          ps = applyHomography(h, { x: s, y: v });
        const cross = (p1.x - p0.x) * (ps.y - p0.y) - (p1.y - p0.y) * (ps.x - p0.x);
        return Math.abs(cross) < 1e-6 * Math.hypot(p1.x - p0.x, p1.y - p0.y) * 400;
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 200) },
    );
  });

  it('quadToQuad composes and inverts', () => {
    const from = transformedCorners(100, 100, 80, 60, 1, 1, 15);
    const h = quadToQuad(from, quad);
    from.forEach((p, i) => {
      const q = applyHomography(h, p);
      expect(q.x).toBeCloseTo(quad[i]!.x, 6);
      expect(q.y).toBeCloseTo(quad[i]!.y, 6);
    });
    const id = multiplyMat3(h, invertMat3(h));
    [1, 0, 0, 0, 1, 0, 0, 0, 1].forEach((v, i) => expect(id[i]! / id[8]).toBeCloseTo(v, 9));
  });

  it('is the identity-like affine map for a rectangle', () => {
    const h = squareToQuad([
      { x: 0, y: 0 },
      { x: 200, y: 0 },
      { x: 200, y: 100 },
      { x: 0, y: 100 },
    ]);
    expect(h[6]).toBe(0);
    expect(h[7]).toBe(0);
    expect(applyHomography(h, { x: 0.25, y: 0.5 })).toEqual({ x: 50, y: 50 });
  });

  it('rejects a degenerate quad', () => {
    expect(() =>
      squareToQuad([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 0, y: 3 },
      ]),
    ).toThrow(/Degenerate/);
  });

  it('tells convex quads from bow-ties', () => {
    expect(isConvexQuad(quad)).toBe(true);
    expect(isConvexQuad([quad[0], quad[2], quad[1], quad[3]])).toBe(false);
  });

  it('rotates corners clockwise about the centre', () => {
    const c = transformedCorners(50, 50, 20, 10, 2, 1, 90);
    expect(c[0].x).toBeCloseTo(55, 9);
    expect(c[0].y).toBeCloseTo(30, 9);
  });
});
