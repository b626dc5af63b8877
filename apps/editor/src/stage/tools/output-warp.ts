import type { Point } from '@beamstage/layers';
import { isConvexQuad } from '@beamstage/render-core';
import type { Corners } from '@beamstage/render-core';
import { PROJECT_WARP_TARGET } from '@beamstage/stage';
import { withCorner } from '../../live/project-edits';
import { distance, pointInPolygon, round1, translatePointsBy } from './geometry';
import type { DragSession, StageHost } from './tool';
import { outputToScreen, screenToOutput } from './viewport';
import type { Viewport } from './viewport';

/** Output calibration as the stage tools see it: on, and which corner the arrows nudge. */
export interface CalibrationHost {
  /** True while the stage edits the project's output warp instead of layers. */
  calibrating(): boolean;
  /** Picks the corner the arrows nudge (null: all four). */
  selectOutputCorner(index: number | null): void;
}

/** An output warp corner handle grabs within this many screen pixels (larger than a layer's: it is the one target). */
export const OUTPUT_HANDLE_HIT_PX = 14;

/** The project's output warp corners on screen (they are output points: no warp to undo). */
export function outputHandles(warpPoints: readonly Point[], viewport: Viewport): Point[] {
  return warpPoints.map((p) => outputToScreen(viewport, p));
}

/** What a press in calibration mode lands on: a corner, inside the quad (all four), or nothing. */
export function outputTargetAt(warpPoints: readonly Point[], viewport: Viewport, screen: Point): { kind: 'corner'; index: number } | { kind: 'all' } | null {
  const handles = outputHandles(warpPoints, viewport);
  let best = -1;
  let bestD = OUTPUT_HANDLE_HIT_PX;
  handles.forEach((h, i) => {
    const d = distance(h, screen);
    if (d < bestD) {
      best = i;
      bestD = d;
    }
  });
  if (best >= 0) return { kind: 'corner', index: best };
  return pointInPolygon(screen, handles) ? { kind: 'all' } : null;
}

const asCorners = (points: readonly Point[]): Corners => [points[0]!, points[1]!, points[2]!, points[3]!];

/** True when four points can be an output warp: a convex quad, as the stage needs for a homography. */
export function validOutputQuad(points: readonly Point[]): boolean {
  return points.length === 4 && isConvexQuad(asCorners(points));
}

/**
 * Drags the project's output warp: one corner (index), or the whole quad (null) by the pointer's
 * offset. Frames go on the live drag channel as '@project' at display rate, so every projector
 * follows; the release commits one set-project-warp-points edit (one undo step). A position that
 * would fold the quad is not taken: the quad stays at the last valid one.
 */
export function startOutputWarpDrag(host: StageHost, index: number | null, startScreen: Point): DragSession {
  const from = host.project().warpPoints.map((p) => ({ x: p.x, y: p.y }));
  const start = screenToOutput(host.viewport(), startScreen);
  let last: Point[] | null = null;
  return {
    tool: 'output',
    move(_stage, screen) {
      const at = screenToOutput(host.viewport(), screen);
      const next =
        index === null
          ? translatePointsBy(from, round1(at.x - start.x), round1(at.y - start.y))
          : withCorner(from, index, { x: round1(at.x), y: round1(at.y) });
      if (!validOutputQuad(next)) return;
      last = next;
      host.dragMove(PROJECT_WARP_TARGET, { points: last });
    },
    end() {
      if (!last) return;
      host.dragEnd(PROJECT_WARP_TARGET, { points: last }, { kind: 'set-project-warp-points', points: last });
    },
  };
}

/** The output warp after an arrow nudge of one corner (or all four when index is null). */
export function nudgedOutputPoints(points: readonly Point[], index: number | null, dx: number, dy: number): Point[] | null {
  const r = (v: number) => Math.round(v * 1000) / 1000;
  const next = points.map((p, i) => (index === null || i === index ? { x: r(p.x + dx), y: r(p.y + dy) } : { x: p.x, y: p.y }));
  return validOutputQuad(next) ? next : null;
}
