// Whether two render descriptions draw the same frame. The stage skips a still frame equal to the
// one already on the canvas: moving DOM layers every frame must not redraw the whole GL canvas
// (design.md section 5, bench:dom). Plain data is compared by value; anything else (a video
// element, a bitmap) by identity, since its pixels change without its fields changing.
import type { RenderDescription } from '@beamstage/render-core';

function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null || Array.isArray(v);
}

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (!isPlain(a) || !isPlain(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

export function sameDescription(a: RenderDescription, b: RenderDescription): boolean {
  return same(a, b);
}
