// A cue (GO, libs/timeline cue.ts): the wall blends from the state it showed to the next scene over
// the transition's duration, the same way in the editor and on every projector (each on its own
// clock). Layers in both states move and fade between their values; one only in one fades.
import type { Layer, Point } from '@beamstage/layers';
import { lerpNumber } from '@beamstage/timeline';
import { blendColor } from './blend-color';
import type { ShownState } from './project-at-time';

const points = (from: readonly Point[], to: readonly Point[], p: number): Point[] =>
  from.length === to.length ? to.map((q, i) => ({ x: lerpNumber(from[i]!.x, q.x, p), y: lerpNumber(from[i]!.y, q.y, p) })) : [...(p >= 0.5 ? to : from)];

/** One layer present in both states at eased progress p: geometry and opacity move, the rest switches halfway. */
function blendLayer(a: Layer, b: Layer, p: number): Layer {
  const base = p >= 0.5 ? b : a;
  // A layer hidden on one side fades from or to nothing instead of popping.
  const opA = a.visible ? a.opacity : 0;
  const opB = b.visible ? b.opacity : 0;
  return {
    ...base,
    visible: a.visible || b.visible,
    x: lerpNumber(a.x, b.x, p),
    y: lerpNumber(a.y, b.y, p),
    width: lerpNumber(a.width, b.width, p),
    height: lerpNumber(a.height, b.height, p),
    rotation: lerpNumber(a.rotation, b.rotation, p),
    scale: { x: lerpNumber(a.scale.x, b.scale.x, p), y: lerpNumber(a.scale.y, b.scale.y, p) },
    opacity: lerpNumber(opA, opB, p),
    warp: { ...base.warp, enabled: a.warp.enabled || b.warp.enabled, points: points(a.warp.points, b.warp.points, p) },
  };
}

/**
 * The state shown at eased progress p of a cue from `from` to `to`: `to`'s layer order, with the
 * layers only `from` has kept where they were (fading out) so nothing jumps in the stack.
 */
export function blendStates(from: ShownState, to: ShownState, p: number): ShownState {
  if (p >= 1) return to;
  const byId = new Map(from.layers.map((l) => [l.id, l]));
  const inTo = new Set(to.layers.map((l) => l.id));
  const layers: Layer[] = to.layers.map((b) => {
    const a = byId.get(b.id);
    return a ? blendLayer(a, b, p) : { ...b, opacity: lerpNumber(0, b.visible ? b.opacity : 0, p) };
  });
  from.layers.forEach((a, i) => {
    if (inTo.has(a.id)) return;
    const faded = { ...a, opacity: lerpNumber(a.visible ? a.opacity : 0, 0, p) };
    layers.splice(Math.min(i, layers.length), 0, faded);
  });
  const canvas =
    to.canvas && from.canvas ? { ...to.canvas, background: blendColor(from.canvas.background, to.canvas.background, p) } : (to.canvas ?? from.canvas);
  const warpPoints = from.warpPoints && to.warpPoints ? points(from.warpPoints, to.warpPoints, p) : (to.warpPoints ?? from.warpPoints);
  return { layers, ...(canvas ? { canvas } : {}), ...(warpPoints ? { warpPoints } : {}) };
}
