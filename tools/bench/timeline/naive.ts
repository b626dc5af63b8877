// The baseline: what a straightforward implementation does each frame, per track: filter the
// whole keyframe list for the track's layer and property, sort it, scan for the surrounding pair.
// It uses the library's own easing and interpolation so only the lookup strategy differs.
import { applyEasing, interpolateValue, type Keyframe } from '@beamstage/timeline';

/** One track's value at t by filter + sort + scan over the whole list. */
export function naiveValueAt(all: readonly Keyframe[], layerId: string, property: string, t: number): unknown {
  const list = all.filter((k) => k.layerId === layerId && k.property === property).sort((a, b) => a.time - b.time);
  if (list.length === 0 || t < list[0]!.time) return undefined;
  const last = list[list.length - 1]!;
  if (t >= last.time) return last.value;
  for (let i = 0; i < list.length - 1; i++) {
    const a = list[i]!;
    const b = list[i + 1]!;
    if (a.time <= t && t < b.time) {
      const span = b.time - a.time;
      return interpolateValue(a.value, b.value, applyEasing(a.easing, span > 0 ? (t - a.time) / span : 1));
    }
  }
  return last.value;
}
