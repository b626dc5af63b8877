import type { Layer, Point } from '@beamstage/layers';
import { distance, nearestOnSegment } from './geometry';
import { outlineOf } from './hit-test';

/** A dragged corner snaps to another layer's corner or edge within this many SCREEN pixels, at any zoom. */
export const SNAP_DISTANCE_SCREEN_PX = 8;

export interface SnapResult {
  point: Point;
  /** What it snapped to, or null when it did not. */
  kind: 'corner' | 'edge' | null;
}

/**
 * Snaps a point to the corners, then the edges, of the other visible layers' outlines within
 * SNAP_DISTANCE_SCREEN_PX / zoom stage pixels. Corners win over edges: they are what people line up.
 */
export function snapPoint(p: Point, layers: readonly Layer[], excludeId: string, zoom: number): SnapResult {
  const limit = SNAP_DISTANCE_SCREEN_PX / zoom;
  let best: Point | null = null;
  let bestD = limit;
  const outlines = layers.filter((l) => l.id !== excludeId && l.visible).map(outlineOf);
  for (const outline of outlines) {
    for (const c of outline) {
      const d = distance(p, c);
      if (d <= bestD) {
        best = c;
        bestD = d;
      }
    }
  }
  if (best) return { point: { x: best.x, y: best.y }, kind: 'corner' };
  for (const outline of outlines) {
    for (let i = 0; i < outline.length; i++) {
      const q = nearestOnSegment(p, outline[i]!, outline[(i + 1) % outline.length]!);
      const d = distance(p, q);
      if (d <= bestD) {
        best = q;
        bestD = d;
      }
    }
  }
  return best ? { point: best, kind: 'edge' } : { point: p, kind: null };
}
