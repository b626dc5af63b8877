// A cue (GO, spec "scenes as cues"): which scene, from which wall-clock instant, for how long and
// with which curve. Every player blends into the scene over that span on its own clock.
import { applyEasing } from './easing';

/** The ephemeral message an editor sends when it fires a cue. */
export const CUE_MESSAGE = 'beamstage.cue';

/** The longest blend a cue may ask for. */
export const MAX_CUE_DURATION_MS = 60_000;

/** A fired cue. */
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
  if (m['type'] !== CUE_MESSAGE || typeof m['toSceneId'] !== 'string' || m['toSceneId'].length > 200) return null;
  const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  if (!num(m['startedAtWallMs']) || !num(m['durationMs'])) return null;
  return {
    toSceneId: m['toSceneId'],
    startedAtWallMs: m['startedAtWallMs'] as number,
    durationMs: Math.min(MAX_CUE_DURATION_MS, Math.max(0, m['durationMs'] as number)),
    easing: typeof m['easing'] === 'string' ? m['easing'].slice(0, 40) : 'smooth',
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
