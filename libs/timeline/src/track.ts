import { DEFAULT_EASING, EASING_NAMES, applyEasingCode, isEasingName } from './easing';
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
  /** The values as numbers when every value is a finite number (the common case): the fast path. */
  private readonly numbers: Float64Array | null;
  /** The curve leaving each keyframe as an index into EASING_NAMES, resolved once instead of by name every frame. */
  private readonly eases: Uint8Array;
  private cursor = 0;

  constructor(layerId: string, property: string, keyframes: readonly Keyframe[]) {
    this.layerId = layerId;
    this.property = property;
    // Array.prototype.sort is stable, so equal times keep their input order.
    this.keyframes = [...keyframes].sort((a, b) => a.time - b.time);
    this.times = Float64Array.from(this.keyframes, (k) => k.time);
    const allNumbers = this.keyframes.every((k) => typeof k.value === 'number' && Number.isFinite(k.value));
    this.numbers = allNumbers ? Float64Array.from(this.keyframes, (k) => k.value as number) : null;
    this.eases = Uint8Array.from(this.keyframes, (k) => EASING_NAMES.indexOf(isEasingName(k.easing) ? k.easing : DEFAULT_EASING));
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
    const times = this.times;
    const n = times.length;
    if (n === 0 || !(t >= times[0]!)) return undefined;
    if (t >= times[n - 1]!) return this.keyframes[n - 1]!.value;
    const i = this.segmentIndex(t);
    const t0 = times[i]!;
    // On a keyframe, its own value exactly (no arithmetic that could turn -0 into 0 or drift).
    if (t === t0) return this.keyframes[i]!.value;
    const span = times[i + 1]! - t0;
    // t is inside [t0, t1) here, so p is in [0, 1); a zero span cannot reach this point.
    const p = applyEasingCode(this.eases[i]!, span > 0 ? (t - t0) / span : 1);
    const numbers = this.numbers;
    if (numbers !== null) {
      const a = numbers[i]!;
      const b = numbers[i + 1]!;
      const v = a + (b - a) * p;
      // Rounding may step a hair outside [a, b]; keep the result between its two keyframes.
      return a < b ? (v < a ? a : v > b ? b : v) : v < b ? b : v > a ? a : v;
    }
    return interpolateValue(this.keyframes[i]!.value, this.keyframes[i + 1]!.value, p);
  }
}
