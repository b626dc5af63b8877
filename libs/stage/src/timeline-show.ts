// A project's timeline as every player of a show draws it (the projector following an editor's
// transport, the embedded player on its own clock): the scene placed at a time replaces the
// document's layers, then keyframe and scene-transition values apply (spec section 4). One piece
// of code, so the wall and an embed show the same frame at the same timeline time.
import type { ProjectJson } from '@beamstage/layers';
import { contentDuration, SceneSchedule, TimelineEvaluator } from '@beamstage/timeline';
import type { Keyframe, Transition, TransportBounds } from '@beamstage/timeline';
import { projectAtTime, type ShownState } from './project-at-time';

export interface TimelineShow {
  /** Takes a new document state; re-indexes only the keyframe tracks that changed. */
  setProject(project: ProjectJson): void;
  /** The project at timeline time `timeMs`: the scene placed there (if any), then the animated values. */
  at(timeMs: number): ProjectJson;
  /**
   * A stopped show: the document at its own current time, no placed scene (as the editor shows it
   * stopped); over `base` when given (a GO cue's blended frame).
   */
  stopped(base?: ShownState | null): ProjectJson;
  /**
   * The region a show plays: the play start, the play end capped where the content ends (the last
   * placed scene, transition or keyframe), the loop and the frame rate. `overrides` win where given
   * (an editor's transport, the player's `loop` attribute).
   */
  bounds(overrides?: Partial<TransportBounds>): TransportBounds;
  /** True when the picture changes over time: keyframes, transitions or scenes placed on the timeline. */
  readonly moving: boolean;
}

/** A TimelineShow of `project` (setProject takes its later states). */
export function createTimelineShow(project: ProjectJson): TimelineShow {
  const evaluator = new TimelineEvaluator();
  const schedule = new SceneSchedule();
  let current = project;
  let contentEnd = 0;
  let moving = false;
  const show: TimelineShow = {
    setProject(p) {
      current = p;
      const t = p.timeline;
      // The file's easing is any string; the timeline narrows it where it evaluates (libs/layers timeline-types.ts).
      evaluator.setKeyframes(t.keyframes as unknown as Keyframe[]);
      evaluator.setTransitions(t.sceneTransitions as unknown as Transition[]);
      schedule.set(t.timelineScenes);
      // The block is complete here (libs/layers reads every project into shape), so no defaults are needed.
      contentEnd = contentDuration({ ...t, settings: { duration: t.duration } } as unknown as Parameters<typeof contentDuration>[0]);
      moving = evaluator.getTracks().length > 0 || t.sceneTransitions.length > 0 || t.timelineScenes.length > 0;
    },
    at(timeMs) {
      const p = current;
      const entry = schedule.entryAt(timeMs);
      const scene = entry ? p.scenes.find((s) => s.id === entry.sceneId) : undefined;
      return projectAtTime(p, evaluator.evaluate(timeMs), scene ?? null);
    },
    stopped(base) {
      return projectAtTime(current, evaluator.evaluate(current.timeline.currentTime), base ?? null);
    },
    bounds(overrides = {}) {
      const t = current.timeline;
      return {
        playStartTime: overrides.playStartTime ?? t.playStartTime,
        playEnd: Math.min(overrides.playEnd ?? t.playEndTime, contentEnd),
        loop: overrides.loop ?? t.loop,
        fps: overrides.fps ?? t.fps,
      };
    },
    get moving() {
      return moving;
    },
  };
  show.setProject(project);
  return show;
}
