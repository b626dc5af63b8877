// Which keyframe diamond is under the pointer. The diamonds are painted on one canvas (a DOM element
// each made thousands of paint chunks to layerize per frame), so hit-testing is this pure function.
import type { Keyframe } from '@beamstage/layers';
import type { View } from './geometry';
import { timeToX } from './geometry';

/** Half a diamond's width as painted (a 10 px square turned 45 degrees, plus its outline). */
export const KEY_HALF_PX = 7;
/** A press this close (pixels, either side) to a diamond's centre takes it, anywhere in its row's height. */
export const KEY_HIT_PX = 7;

export interface KeyHit {
  /** Index of the row (among all the track rows) the diamond is on. */
  readonly row: number;
  readonly keyframe: Keyframe;
}

export interface KeyHitInput {
  /** Pointer position in the lanes' coordinates (0,0: the lanes' top-left corner). */
  readonly x: number;
  readonly y: number;
  /** Where the first track row starts (below the ruler and the scene track). */
  readonly top: number;
  readonly rowPx: number;
  readonly rowCount: number;
  keyframesOf(row: number): readonly Keyframe[];
  readonly view: View;
}

/**
 * The keyframe whose diamond is under (x, y): on the row under y, the one whose centre is nearest to
 * x within KEY_HIT_PX; of diamonds at the same place, the one painted last (on top). Null: none.
 */
export function keyframeAt({ x, y, top, rowPx, rowCount, keyframesOf, view }: KeyHitInput): KeyHit | null {
  if (y < top) return null;
  const row = Math.floor((y - top) / rowPx);
  if (row < 0 || row >= rowCount) return null;
  let best: Keyframe | null = null;
  let bestDist = KEY_HIT_PX;
  for (const k of keyframesOf(row)) {
    const d = Math.abs(timeToX(k.time, view) - x);
    if (d <= bestDist) {
      best = k;
      bestDist = d;
    }
  }
  return best ? { row, keyframe: best } : null;
}

/** The keyframes a press on `hit` selects: one on a property's row; on a layer's row, all of that layer's at that time. */
export function keyframesAtHit(hit: KeyHit, rowKeyframes: readonly Keyframe[], summaryRow: boolean): string[] {
  if (!summaryRow) return [hit.keyframe.id];
  return rowKeyframes.filter((k) => Math.abs(k.time - hit.keyframe.time) < 1).map((k) => k.id);
}
