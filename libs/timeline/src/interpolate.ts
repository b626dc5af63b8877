// Value interpolation between two keyframe values (spec section 4). `p` is the already-eased
// progress in [0, 1]. Numbers interpolate linearly; plain objects and equal-length arrays go
// field by field (so a warp's points move smoothly while its `enabled` flag switches);
// anything else switches from `from` to `to` at the halfway point.

/** The halfway point at which non-numeric values switch. */
export const SWITCH_PROGRESS = 0.5;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Linear interpolation of two numbers; exact at p = 0 and p = 1. */
export function lerpNumber(from: number, to: number, p: number): number {
  if (p <= 0) return from;
  if (p >= 1) return to;
  const v = from + (to - from) * p;
  // Rounding may step a hair outside [from, to]; keep the result between its two keyframes.
  const lo = from < to ? from : to;
  const hi = from < to ? to : from;
  return v < lo ? lo : v > hi ? hi : v;
}

/** Interpolates two keyframe values at eased progress p (see the file comment for the rules). */
export function interpolateValue(from: unknown, to: unknown, p: number): unknown {
  if (typeof from === 'number' && typeof to === 'number') return lerpNumber(from, to, p);
  if (p <= 0) return from;
  if (p >= 1) return to;
  if (Array.isArray(from) && Array.isArray(to) && from.length === to.length) {
    const out = new Array<unknown>(from.length);
    for (let i = 0; i < from.length; i++) out[i] = interpolateValue(from[i], to[i], p);
    return out;
  }
  if (isPlainObject(from) && isPlainObject(to)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(to)) {
      out[key] = key in from ? interpolateValue(from[key], to[key], p) : p >= SWITCH_PROGRESS ? to[key] : undefined;
    }
    // A field only the first value has keeps its value until the switch point.
    for (const key of Object.keys(from)) {
      if (!(key in to) && p < SWITCH_PROGRESS) out[key] = from[key];
    }
    for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
    return out;
  }
  return p >= SWITCH_PROGRESS ? to : from;
}
