// What the editor's stage draws at the playhead: the document (or, while playing, the stash), the
// scene the timeline loaded or the scene being previewed, with the evaluated keyframes on top.
import type { ProjectJson } from '@beamstage/layers';
import { blendStates, projectAtTime } from '@beamstage/stage';
import type { ShownState } from '@beamstage/stage';
import { TimelineEvaluator } from '@beamstage/timeline';
import type { Keyframe, Transition } from '@beamstage/timeline';

export interface ShownInput {
  project: ProjectJson;
  playback: 'stopped' | 'playing' | 'paused';
  playhead: number;
  stash: ProjectJson | null;
  playingSceneId: string | null;
  previewSceneId: string | null;
  /** A GO blending from what was shown into a scene (panels/scenes/cue-loop.ts). */
  cue?: { from: ShownState; toSceneId: string; progress: number } | null;
}

/** An evaluator that re-reads keyframes and transitions only when their lists change. */
export function createShownProject(): (input: ShownInput) => ProjectJson {
  const evaluator = new TimelineEvaluator();
  let keyframes: unknown = null;
  let transitions: unknown = null;
  return (input) => {
    const source = input.playback !== 'stopped' && input.stash ? input.stash : input.project;
    const t = source.timeline;
    if (t.keyframes !== keyframes) {
      keyframes = t.keyframes;
      evaluator.setKeyframes(t.keyframes as unknown as Keyframe[]);
    }
    if (t.sceneTransitions !== transitions) {
      transitions = t.sceneTransitions;
      evaluator.setTransitions(t.sceneTransitions as unknown as Transition[]);
    }
    const sceneId = input.playback !== 'stopped' ? input.playingSceneId : input.previewSceneId;
    const scene = sceneId ? source.scenes.find((s) => s.id === sceneId) : undefined;
    // Preview shows the scene as stored; the timeline is not applied over it.
    if (input.previewSceneId && input.playback === 'stopped') return scene ? projectAtTime(source, new Map(), scene) : source;
    const cueScene = input.cue && input.playback === 'stopped' ? source.scenes.find((s) => s.id === input.cue!.toSceneId) : undefined;
    if (cueScene && input.cue) {
      const blended = blendStates(input.cue.from, cueScene, input.cue.progress);
      return projectAtTime(source, t.keyframes.length ? evaluator.evaluate(input.playhead) : new Map(), blended);
    }
    if (t.keyframes.length === 0 && t.sceneTransitions.length === 0 && !scene) return source;
    return projectAtTime(source, evaluator.evaluate(input.playhead), scene ?? null);
  };
}
