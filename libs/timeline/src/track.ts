import { applyEasing } from './easing';
import { interpolateValue } from './interpolate';
import type { Keyframe } from './keyframe';

/**
 * The keyframes of one (layer, property) pair, sorted once by time, with the segment found
 * last cached: playback moves forward a little each frame, so the next lookup is almost always
 * the cached segment or the one after it; anything else falls back to a binary search.
 */
export class KeyframeTrack {
  readonly layerId: string;
  readonly property: string;
  /** The keyframes sorted by time (ties keep their input order). */
  readonly keyframes: readonly Keyframe[];
  private readonly times: Float64Array;
  private cursor = 0;

  constructor(layerId: string, property: string, keyframes: readonly Keyframe[]) {
    this.layerId = layerId;
    this.property = property;
    // Array.prototype.sort is stable, so equal times keep their input order.
    this.keyframes = [...keyframes].sort((a, b) => a.time - b.time);
    this.times = Float64Array.from(this.keyframes, (k) => k.time);
  }

  /** Number of keyframes. */
  get size(): number {
    return this.times.length;
  }

  /**
   * Index i of the segment [times[i], times[i+1]) holding t, for t inside the track's span
   * (times[0] <= t < times[last]). Uses the cached cursor, then binary search.
   */
  segmentIndex(t: number): number {
    const times = this.times;
    const c = this.cursor;
    if (times[c]! <= t) {
      if (t < times[c + 1]!) return c;
      if (c + 2 < times.length && t < times[c + 2]!) return (this.cursor = c + 1);
    }
    // Largest i with times[i] <= t.
    let lo = 0;
    let hi = times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (times[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return (this.cursor = lo);
  }

  /**
   * The value at time t: undefined before the first keyframe (nothing is applied), the last
   * value from the last keyframe on, otherwise the two surrounding keyframes interpolated with
   * the earlier keyframe's easing (the curve leaving a keyframe is that keyframe's).
   */
  valueAt(t: number): unknown {
    const n = this.times.length;
    if (n === 0 || !(t >= this.times[0]!)) return undefined;
    if (t >= this.times[n - 1]!) return this.keyframes[n - 1]!.value;
    const i = this.segmentIndex(t);
    const a = this.keyframes[i]!;
    const b = this.keyframes[i + 1]!;
    const span = b.time - a.time;
    const p = span > 0 ? (t - a.time) / span : 1;
    return interpolateValue(a.value, b.value, applyEasing(a.easing, p));
  }
}
