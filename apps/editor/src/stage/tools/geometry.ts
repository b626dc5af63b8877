import type { Point } from '@beamstage/layers';

/** Euclidean distance between two points. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Whether p lies inside the polygon (even-odd rule; works for concave and crossed quads too). */
export function pointInPolygon(p: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The point of segment ab nearest to p. */
export function nearestOnSegment(p: Point, a: Point, b: Point): Point {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return { x: a.x, y: a.y };
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return { x: a.x + t * dx, y: a.y + t * dy };
}

/** Mean of the points (the centre libs/layers scales and rotates warp points about). */
export function centroidOf(points: readonly Point[]): Point {
  const n = points.length || 1;
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}

/**
 * A resolution x resolution grid of mesh points (row-major, top-left first) spread bilinearly over
 * the four warp corners (top-left, top-right, bottom-right, bottom-left), so turning a mesh on
 * leaves the picture where it was.
 */
export function meshGridFromCorners(corners: readonly Point[], resolution: number): Point[] {
  const [tl, tr, br, bl] = corners as [Point, Point, Point, Point];
  const out: Point[] = [];
  for (let r = 0; r < resolution; r++) {
    const v = r / (resolution - 1);
    for (let c = 0; c < resolution; c++) {
      const u = c / (resolution - 1);
      const top = { x: tl.x + (tr.x - tl.x) * u, y: tl.y + (tr.y - tl.y) * u };
      const bottom = { x: bl.x + (br.x - bl.x) * u, y: bl.y + (br.y - bl.y) * u };
      out.push({ x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v });
    }
  }
  return out;
}

/** The outline of a row-major mesh: its border points clockwise from the top-left. */
export function meshOutline(points: readonly Point[], rows: number, cols: number): Point[] {
  const at = (r: number, c: number) => points[r * cols + c]!;
  const out: Point[] = [];
  for (let c = 0; c < cols; c++) out.push(at(0, c));
  for (let r = 1; r < rows; r++) out.push(at(r, cols - 1));
  for (let c = cols - 2; c >= 0; c--) out.push(at(rows - 1, c));
  for (let r = rows - 2; r > 0; r--) out.push(at(r, 0));
  return out;
}

/** Rounds to 0.1 px: stored coordinates stay readable in the inspector. */
export const round1 = (v: number): number => Math.round(v * 10) / 10;

/** Points moved by (dx, dy) (a new array). */
export function translatePointsBy(points: readonly Point[], dx: number, dy: number): Point[] {
  return points.map((p) => ({ x: p.x + dx, y: p.y + dy }));
}
