// Keyframe copy and paste: the copied keyframes keep their spacing and land with the earliest one
// at the playhead, each with a fresh id; keyframes that would fall past the end are left out.
import { createEntityId, defaultRandomBytes } from '@beamstage/layers';
import type { Keyframe, KeyframeId } from '@beamstage/layers';

/** Copies of the keyframes with these ids (plain data: later edits do not change the clipboard). */
export function copyKeyframes(all: readonly Keyframe[], ids: readonly string[]): Keyframe[] {
  const wanted = new Set(ids);
  return all.filter((k) => wanted.has(k.id)).map((k) => structuredClone({ ...k }) as Keyframe);
}

/** The clipboard's keyframes moved so the earliest sits at `playhead`, with new ids; none past `duration`. */
export function pastedKeyframes(
  clipboard: readonly Keyframe[],
  playhead: number,
  duration: number,
  now: number,
  newId: () => string = () => createEntityId('kf', now, defaultRandomBytes),
): Keyframe[] {
  if (clipboard.length === 0) return [];
  const first = Math.min(...clipboard.map((k) => k.time));
  return clipboard
    .map((k) => ({ ...k, id: newId() as KeyframeId, time: playhead + (k.time - first), timestamp: now }))
    .filter((k) => k.time <= duration + 1e-6);
}
