import { parseColor } from '@beamstage/render-core';

// A GO cue fades the canvas background as it fades the layers: a show that cues from a black
// scene to a white one should pass through grey, not jump at the start or at the halfway point.
// (Keyframed strings still switch at the halfway point, as spec section 4 says; this is only the
// cue's blend of two whole scenes.)

function channel(v: number): string {
  return Math.round(Math.min(1, Math.max(0, v)) * 255)
    .toString(16)
    .padStart(2, '0');
}

/** The colour at progress p between two CSS colours, as #rrggbb (or #rrggbbaa when not opaque). */
export function blendColor(from: string, to: string, p: number): string {
  if (p <= 0) return from;
  if (p >= 1 || from === to) return to;
  const a = parseColor(from);
  const b = parseColor(to);
  const mix = a.map((v, i) => v + (b[i]! - v) * p);
  const alpha = mix[3]!;
  return `#${channel(mix[0]!)}${channel(mix[1]!)}${channel(mix[2]!)}${alpha < 1 ? channel(alpha) : ''}`;
}
