import type { Keyframe as ProjectKeyframe, ProjectJson } from '@beamstage/layers';
import { applyAnimatedValues, TimelineEvaluator } from '@beamstage/timeline';
import type { Keyframe } from '@beamstage/timeline';

/** A project's layers at a time on its timeline (keyframed x, y, scale, rotation, opacity, visibility, warp). */
export interface Animator {
  /** Takes a new project (a live edit); re-indexes only the keyframe tracks that changed. */
  setProject(project: ProjectJson): void;
  /** True when something on the timeline moves (keyframes exist): the player then draws every frame. */
  readonly animated: boolean;
  /** The project as it looks at `timeMs`; the same object when nothing is animated. */
  at(timeMs: number): ProjectJson;
}

export function createAnimator(project: ProjectJson): Animator {
  const evaluator = new TimelineEvaluator();
  let current = project;
  let animated = false;
  const setProject = (next: ProjectJson) => {
    current = next;
    // The file's easing is any string; the timeline narrows it where it evaluates (libs/layers timeline-types.ts).
    evaluator.setKeyframes(next.timeline.keyframes as readonly ProjectKeyframe[] as unknown as readonly Keyframe[]);
    animated = evaluator.getTracks().length > 0;
  };
  setProject(project);
  return {
    setProject,
    get animated() {
      return animated;
    },
    at(timeMs) {
      if (!animated) return current;
      const values = evaluator.evaluate(timeMs);
      if (values.size === 0) return current;
      const layers = current.layers.map((layer) => {
        const own = values.get(layer.id);
        return own ? applyAnimatedValues(layer, own) : layer;
      });
      return { ...current, layers };
    },
  };
}
