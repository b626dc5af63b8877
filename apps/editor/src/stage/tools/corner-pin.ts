import type { Layer, Point } from '@beamstage/layers';
import { withCorner } from '../../live/project-edits';
import { round1 } from './geometry';
import { snapPoint } from './snapping';
import type { SnapResult } from './snapping';
import type { DragSession, StageHost } from './tool';

/** What the overlay shows while a corner is dragged: the loupe's centre and the snap, if any. */
export interface CornerPinView {
  point: Point;
  snap: SnapResult['kind'];
}

/**
 * Corner pin: drags one warp corner. The corner snaps to other layers' corners and edges within a
 * few screen pixels (whatever the zoom); Shift bypasses snapping. `onView` feeds the loupe.
 */
export function startCornerPin(host: StageHost, layer: Layer, index: number, onView: (view: CornerPinView | null) => void): DragSession {
  const points = layer.warp.points.map((p) => ({ ...p }));
  let last: Point[] | null = null;
  return {
    tool: 'corner',
    move(stage, _screen, modifiers) {
      const snapped = modifiers.shift ? { point: stage, kind: null } : snapPoint(stage, host.project().layers, layer.id, host.viewport().zoom);
      // A snapped point keeps the target's exact value; a free one is rounded like typed values.
      const to = snapped.kind ? snapped.point : { x: round1(stage.x), y: round1(stage.y) };
      last = withCorner(points, index, to);
      onView({ point: to, snap: snapped.kind });
      host.dragMove(layer.id, { points: last });
    },
    end() {
      onView(null);
      if (!last) return;
      host.dragEnd(layer.id, { points: last }, { kind: 'set-warp-points', id: layer.id, points: last });
    },
  };
}
