import type { Point } from '../schema/types';

/** Mean of the points. */
export function centroid(points: readonly Point[]): Point {
  const n = points.length || 1;
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}

/** Points moved by (dx, dy). */
export function translatePoints(points: readonly Point[], dx: number, dy: number): Point[] {
  return points.map((p) => ({ x: p.x + dx, y: p.y + dy }));
}

/** Points scaled by (sx, sy) then rotated by deg about their centroid. */
export function scaleRotatePoints(points: readonly Point[], sx: number, sy: number, deg: number): Point[] {
  return scaleRotatePointsAbout(points, centroid(points), sx, sy, deg);
}

/** Points scaled by (sx, sy) then rotated by deg about a given centre (a mesh about its layer's corners). */
export function scaleRotatePointsAbout(points: readonly Point[], c: Point, sx: number, sy: number, deg: number): Point[] {
  const r = (deg * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return points.map((p) => {
    const x = (p.x - c.x) * sx;
    const y = (p.y - c.y) * sy;
    return { x: c.x + x * cos - y * sin, y: c.y + x * sin + y * cos };
  });
}
