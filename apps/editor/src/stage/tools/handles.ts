import type { Layer, Point } from '@beamstage/layers';
import { centroidOf, distance } from './geometry';
import { meshActive } from './hit-test';
import { stageToScreen } from './viewport';
import type { Viewport } from './viewport';

/** A handle is picked within this many screen pixels of its centre. */
export const HANDLE_HIT_SCREEN_PX = 9;
/** The rotation handle sits this far outside the top edge, in screen pixels. */
export const ROTATE_HANDLE_OFFSET_PX = 32;
/** The corner scale handles sit this far outside each corner, in screen pixels. */
export const SCALE_CORNER_OFFSET_PX = 18;

/** One grab point of the selected layer, in screen coordinates. */
export type Handle =
  | { kind: 'corner'; index: number; screen: Point }
  | { kind: 'mesh'; index: number; screen: Point }
  | { kind: 'rotate'; screen: Point; anchor: Point }
  | { kind: 'scale'; axis: 'x' | 'y' | 'xy'; screen: Point };

const unit = (from: Point, to: Point, fallback: Point): Point => {
  const d = distance(from, to);
  return d < 1e-6 ? fallback : { x: (to.x - from.x) / d, y: (to.y - from.y) / d };
};

/**
 * The handles of a selected layer, front-most first (the order they are hit-tested in): mesh points
 * when a mesh is on, else the four corners; then rotation, corner scale and edge scale handles.
 */
export function handlesFor(layer: Layer, viewport: Viewport): Handle[] {
  const corners = layer.warp.points.map((p) => stageToScreen(viewport, p));
  const center = centroidOf(corners);
  const out: Handle[] = [];
  if (meshActive(layer)) layer.warp.meshPoints.forEach((p, index) => out.push({ kind: 'mesh', index, screen: stageToScreen(viewport, p) }));
  else corners.forEach((screen, index) => out.push({ kind: 'corner', index, screen }));

  const [tl, tr] = corners as [Point, Point];
  const topMid = { x: (tl.x + tr.x) / 2, y: (tl.y + tr.y) / 2 };
  const up = unit(center, topMid, { x: 0, y: -1 });
  out.push({ kind: 'rotate', anchor: topMid, screen: { x: topMid.x + up.x * ROTATE_HANDLE_OFFSET_PX, y: topMid.y + up.y * ROTATE_HANDLE_OFFSET_PX } });

  for (const c of corners) {
    const out1 = unit(center, c, { x: 1, y: 1 });
    out.push({ kind: 'scale', axis: 'xy', screen: { x: c.x + out1.x * SCALE_CORNER_OFFSET_PX, y: c.y + out1.y * SCALE_CORNER_OFFSET_PX } });
  }
  for (let i = 0; i < 4; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % 4]!;
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    // libs/layers scales along the stage's axes: an edge mostly left or right of the centre scales x.
    const axis = Math.abs(mid.x - center.x) >= Math.abs(mid.y - center.y) ? 'x' : 'y';
    out.push({ kind: 'scale', axis, screen: mid });
  }
  return out;
}

/** The default warp handle size (spec section 9), for which the hit radius is HANDLE_HIT_SCREEN_PX. */
export const DEFAULT_HANDLE_SIZE_PX = 36;

/** The grab radius of handles for a warp handle size (a quarter of it: 9 px at the default 36). */
export function handleHitPx(handleSizePx: number = DEFAULT_HANDLE_SIZE_PX): number {
  return (HANDLE_HIT_SCREEN_PX * handleSizePx) / DEFAULT_HANDLE_SIZE_PX;
}

/** The nearest handle within the hit radius (HANDLE_HIT_SCREEN_PX by default) of a screen point (earlier ones win ties), or null. */
export function handleAt(handles: readonly Handle[], screen: Point, hitPx: number = HANDLE_HIT_SCREEN_PX): Handle | null {
  let best: Handle | null = null;
  let bestD = hitPx;
  for (const h of handles) {
    const d = distance(h.screen, screen);
    if (d < bestD || (d === bestD && !best)) {
      best = h;
      bestD = d;
    }
  }
  return best;
}
