// Corrupted timeline data found on load (spec section 7: cleanup of corrupted scene data runs on
// load): keyframes of layers that no longer exist, placements of deleted scenes, and keyframes
// that reference a deleted scene. Pure: the editor turns the findings into one repair edit.
import type { ProjectJson } from '@beamstage/layers';

export interface TimelineDamage {
  keyframeIds: string[];
  placementIds: string[];
}

/** What a load should remove; empty lists when the timeline is sound. */
export function findTimelineDamage(project: Pick<ProjectJson, 'layers' | 'scenes' | 'timeline'>): TimelineDamage {
  const layers = new Set<string>(project.layers.map((l) => l.id));
  const scenes = new Set<string>(project.scenes.map((s) => s.id));
  // A keyframe may animate a layer that lives only in a scene (the timeline loads it there).
  for (const s of project.scenes) for (const l of s.layers) layers.add(l.id);
  const keyframeIds = project.timeline.keyframes
    .filter((k) => !layers.has(k.layerId) || (k.sceneReference !== undefined && !scenes.has(k.sceneReference.sceneId)))
    .map((k) => k.id);
  const placementIds = project.timeline.timelineScenes.filter((e) => !scenes.has(e.sceneId)).map((e) => e.id);
  return { keyframeIds, placementIds };
}

/** What the repair says to the user, or null when nothing was wrong. */
export function damageMessage(d: TimelineDamage): string | null {
  const parts = [
    d.keyframeIds.length ? `${d.keyframeIds.length} keyframe${d.keyframeIds.length === 1 ? '' : 's'} of deleted layers or scenes` : '',
    d.placementIds.length ? `${d.placementIds.length} placement${d.placementIds.length === 1 ? '' : 's'} of deleted scenes` : '',
  ].filter(Boolean);
  return parts.length ? `Repaired the timeline: removed ${parts.join(' and ')}` : null;
}
