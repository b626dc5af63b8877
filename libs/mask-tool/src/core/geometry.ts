// Path geometry: SVG path data, Bezier flattening and bounds, shared by every exporter.
import type { BrushStroke, MaskItem, MaskPath, MaskPoint, Rect, StrokePoint } from './types';

/** Formats a coordinate with at most 3 decimals so exports stay small and stable. */
export function fmt(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

function isStraight(from: MaskPoint, to: MaskPoint): boolean {
  return from.h2.dx === 0 && from.h2.dy === 0 && to.h1.dx === 0 && to.h1.dy === 0;
}

function segment(from: MaskPoint, to: MaskPoint): string {
  if (isStraight(from, to)) return `L${fmt(to.x)} ${fmt(to.y)}`;
  return `C${fmt(from.x + from.h2.dx)} ${fmt(from.y + from.h2.dy)} ${fmt(to.x + to.h1.dx)} ${fmt(to.y + to.h1.dy)} ${fmt(to.x)} ${fmt(to.y)}`;
}

/** SVG path data of a Bezier mask path ('' when it has no points). */
export function pathData(path: MaskPath): string {
  const [first] = path.points;
  if (!first) return '';
  const parts = [`M${fmt(first.x)} ${fmt(first.y)}`];
  for (let i = 1; i < path.points.length; i++) {
    parts.push(segment(path.points[i - 1] as MaskPoint, path.points[i] as MaskPoint));
  }
  if (path.closed && path.points.length > 1) {
    const last = path.points[path.points.length - 1] as MaskPoint;
    if (!isStraight(last, first)) parts.push(segment(last, first));
    parts.push('Z');
  }
  return parts.join(' ');
}

/** SVG path data of a brush stroke polyline. */
export function strokeData(stroke: BrushStroke): string {
  return stroke.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${fmt(p.x)} ${fmt(p.y)}`).join(' ');
}

function cubicAt(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

/** The path as a polyline: curves sampled so no chord is longer than maxChordPx. */
export function flattenPath(path: MaskPath, maxChordPx = 4): StrokePoint[] {
  const pts = path.points;
  const [first] = pts;
  if (!first) return [];
  const out: StrokePoint[] = [{ x: first.x, y: first.y }];
  const count = path.closed ? pts.length : pts.length - 1;
  for (let i = 0; i < count; i++) {
    const a = pts[i] as MaskPoint;
    const b = pts[(i + 1) % pts.length] as MaskPoint;
    if (isStraight(a, b)) {
      out.push({ x: b.x, y: b.y });
      continue;
    }
    const c1x = a.x + a.h2.dx,
      c1y = a.y + a.h2.dy,
      c2x = b.x + b.h1.dx,
      c2y = b.y + b.h1.dy;
    // |B'(t)| <= 3 * longest control leg, so this many equal t-steps keep every chord <= maxChordPx.
    const leg = Math.max(Math.hypot(c1x - a.x, c1y - a.y), Math.hypot(c2x - c1x, c2y - c1y), Math.hypot(b.x - c2x, b.y - c2y));
    const steps = Math.max(2, Math.ceil((3 * leg) / maxChordPx));
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      out.push({ x: cubicAt(a.x, c1x, c2x, b.x, t), y: cubicAt(a.y, c1y, c2y, b.y, t) });
    }
  }
  if (path.closed && out.length > 1) out.pop(); // the last sample repeats the first anchor
  return out;
}

function growRect(acc: Rect | null, x0: number, y0: number, x1: number, y1: number): Rect {
  if (!acc) return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  const minX = Math.min(acc.x, x0),
    minY = Math.min(acc.y, y0);
  const maxX = Math.max(acc.x + acc.width, x1),
    maxY = Math.max(acc.y + acc.height, y1);
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Bounds of what the items paint (strokes include their width); null when nothing paints. */
export function itemsBounds(items: readonly MaskItem[]): Rect | null {
  let acc: Rect | null = null;
  for (const item of items) {
    if (item.kind === 'image') {
      acc = growRect(acc, 0, 0, item.image.width, item.image.height);
      continue;
    }
    const points = item.kind === 'path' ? flattenPath(item.path) : item.stroke.points;
    const half = item.kind === 'path' ? item.path.strokeWidth / 2 : item.stroke.brushSize / 2;
    for (const p of points) acc = growRect(acc, p.x - half, p.y - half, p.x + half, p.y + half);
  }
  return acc;
}

/** Euclidean distance. */
export function distance(a: StrokePoint, b: StrokePoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
