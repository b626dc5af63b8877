// A cue (GO): the wall blends from the state it showed to the next scene over the transition's
// duration, the same way in the editor and on every projector (each on its own clock). Layers in
// both states move and fade between their values; a layer only in one fades out or in.
import type { Layer, Point } from '@beamstage/layers';
import { applyEasing, interpolateValue, lerpNumber } from '@beamstage/timeline';
import type { ShownState } from './project-at-time';

/** The ephemeral message an editor sends when it fires a cue. */
export const CUE_MESSAGE = 'beamstage.cue';

/** A fired cue: which scene, from which wall-clock instant, for how long, with which curve. */
export interface SceneCue {
  toSceneId: string;
  startedAtWallMs: number;
  durationMs: number;
  easing: string;
}

/** A cue message received over the wire, or null when it is not one (hostile input is dropped). */
export function readCueMessage(message: unknown): SceneCue | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  if (m['type'] !== CUE_MESSAGE || typeof m['toSceneId'] !== 'string') return null;
  const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (!num(m['startedAtWallMs']) || !num(m['durationMs'])) return null;
  return {
    toSceneId: m['toSceneId'].slice(0, 200),
    startedAtWallMs: m['startedAtWallMs'] as number,
    // A cue is a transition: at most a minute, never negative.
    durationMs: Math.min(60_000, Math.max(0, m['durationMs'] as number)),
    easing: typeof m['easing'] === 'string' ? m['easing'] : 'smooth',
  };
}

/** Eased progress of a cue at a wall-clock instant, 0..1 (1 once it is over). */
export function cueProgress(cue: SceneCue, wallNowMs: number): number {
  if (cue.durationMs <= 0) return 1;
  const raw = (wallNowMs - cue.startedAtWallMs) / cue.durationMs;
  return raw >= 1 ? 1 : applyEasing(cue.easing, Math.max(0, raw));
}

/** True while the cue is still blending at this instant. */
export function cueActive(cue: SceneCue, wallNowMs: number): boolean {
  return wallNowMs < cue.startedAtWallMs + cue.durationMs;
}

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
  const canvas = to.canvas && from.canvas ? { ...to.canvas, background: interpolateValue(from.canvas.background, to.canvas.background, p) as string } : (to.canvas ?? from.canvas);
  const warpPoints = from.warpPoints && to.warpPoints ? points(from.warpPoints, to.warpPoints, p) : (to.warpPoints ?? from.warpPoints);
  return { layers, ...(canvas ? { canvas } : {}), ...(warpPoints ? { warpPoints } : {}) };
}
