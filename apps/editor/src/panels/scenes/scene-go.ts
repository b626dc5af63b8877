// GO, cue-style: the next scene in the panel's order, with the transition the timeline has between
// the two scenes (else the default 1000 ms, smooth). Pure, so the choice is tested without a page.
import { DEFAULT_TRANSITION_DURATION_MS } from '@beamstage/timeline';
import type { ProjectJson, Scene } from '@beamstage/layers';
import { isPrimary, listedScenes } from './scene-list';

/** The scene GO fires after `current` (null: the Primary scene, the main state): the panel's order, Primary skipped, wrapping. */
export function nextCueSceneId(scenes: readonly (Pick<Scene, 'name' | 'metadata'> & { id: string })[], current: string | null): string | null {
  const cues = listedScenes(scenes).filter((s) => !isPrimary(s));
  if (cues.length === 0) return null;
  const i = current ? cues.findIndex((s) => s.id === current) : -1;
  return cues[(i + 1) % cues.length]!.id;
}

/** The transition a cue from one scene to another plays: the timeline's between those scenes, else into the target, else the GO fade (default 1000 ms), smooth. */
export function cueTransition(
  project: Pick<ProjectJson, 'timeline'>,
  fromSceneId: string | null,
  toSceneId: string,
  fallbackMs = DEFAULT_TRANSITION_DURATION_MS,
): { durationMs: number; easing: string } {
  const list = project.timeline.sceneTransitions;
  const into = (tr: (typeof list)[number]) => tr.animations.some((a) => a.toSceneId === toSceneId);
  const found = list.find((tr) => into(tr) && tr.animations.some((a) => a.fromSceneId === fromSceneId)) ?? list.find(into);
  return found ? { durationMs: found.duration, easing: found.easing } : { durationMs: fallbackMs, easing: 'smooth' };
}
