// Scene placements on the scene track and the transitions between them.
import { createEntityId, defaultRandomBytes } from '@beamstage/layers';
import type { Scene, SceneTransition, TimelineSceneEntry, TimelineSceneId, TransitionAnimation, TransitionId } from '@beamstage/layers';
import { placeTimelineSceneStart } from '@beamstage/timeline';
import { KEYED_PROPERTIES, keyValue } from '../../actions/timeline-keys';

/** The placement a drop at `time` creates: 1000 ms by default, moved past any it would overlap (spec section 5). */
export function placementOnDrop(
  existing: readonly TimelineSceneEntry[],
  scene: Pick<Scene, 'id' | 'name'>,
  time: number,
  now: number,
  duration = 1000,
): TimelineSceneEntry {
  const id = createEntityId('tscene', now, defaultRandomBytes) as TimelineSceneId;
  return {
    id,
    sceneId: scene.id,
    name: scene.name,
    startTime: placeTimelineSceneStart(existing, time, duration, id),
    duration,
    metadata: { created: now, modified: now },
  };
}

/**
 * A transition into `to` from the scene placed before it: for each layer in both scenes, each keyed
 * property that differs animates from its value in `from` to its value in `to`. Its duration is
 * bounded by the incoming placement (a transition longer than its scenes is cut to fit).
 */
export function transitionBetween(from: Scene, to: Scene, toEntry: TimelineSceneEntry, duration: number, easing: string, now: number): SceneTransition {
  const animations: TransitionAnimation[] = [];
  for (const b of to.layers) {
    const a = from.layers.find((l) => l.id === b.id);
    if (!a) continue;
    for (const p of KEYED_PROPERTIES) {
      const va = keyValue(a, p);
      const vb = keyValue(b, p);
      if (JSON.stringify(va) !== JSON.stringify(vb))
        animations.push({ layerId: b.id, propertyName: p, from: va, to: vb, fromSceneId: from.id, toSceneId: to.id });
    }
  }
  return {
    id: createEntityId('transition', now, defaultRandomBytes) as TransitionId,
    startTime: toEntry.startTime,
    duration: Math.max(0, Math.min(duration, toEntry.duration)),
    easing,
    animations,
    animatedProperties: [...new Set(animations.map((x) => x.propertyName))],
    timestamp: now,
  };
}

/** The placement just before `entry` on the scene track, if any. */
export function previousPlacement(entries: readonly TimelineSceneEntry[], entry: TimelineSceneEntry): TimelineSceneEntry | undefined {
  return [...entries].filter((e) => e.id !== entry.id && e.startTime + e.duration <= entry.startTime + 1e-6).sort((a, b) => b.startTime - a.startTime)[0];
}
