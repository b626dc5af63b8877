import { DEFAULT_TRANSITION_DURATION_MS } from './constants';
import { DEFAULT_EASING, applyEasing, type EasingName } from './easing';
import { interpolateValue } from './interpolate';

/** One property animated by a transition, from its value in one scene to its value in the next. */
export interface TransitionAnimation {
  layerId: string;
  propertyName: string;
  from: unknown;
  to: unknown;
  fromSceneId: string;
  toSceneId: string;
}

/** A timed blend between two scenes. */
export interface Transition {
  id: string;
  /** Milliseconds from the start of the timeline. */
  startTime: number;
  /** Milliseconds; 1000 by default. */
  duration: number;
  easing: EasingName;
  animations: TransitionAnimation[];
  /** Names of the properties the animations touch (kept for the exchange format). */
  animatedProperties: string[];
  /** Wall-clock milliseconds when the transition was written. */
  timestamp: number;
}

/** The project file's name for a transition (the same type). */
export type SceneTransition = Transition;

/** Builds a transition: start 0, duration 1000 ms and smooth easing unless given. */
export function createTransition(input: {
  id: string;
  timestamp: number;
  startTime?: number;
  duration?: number;
  easing?: EasingName;
  animations?: TransitionAnimation[];
}): Transition {
  const animations = (input.animations ?? []).map((a) => ({ ...a }));
  return {
    id: input.id,
    startTime: Math.max(0, input.startTime ?? 0),
    duration: Math.max(0, input.duration ?? DEFAULT_TRANSITION_DURATION_MS),
    easing: input.easing ?? DEFAULT_EASING,
    animations,
    animatedProperties: [...new Set(animations.map((a) => a.propertyName))],
    timestamp: input.timestamp,
  };
}

/** True while time is inside [startTime, startTime + duration). */
export function isTransitionActive(transition: Transition, time: number): boolean {
  return time >= transition.startTime && time < transition.startTime + transition.duration;
}

/** One transition animation's value at a time. */
export interface TransitionValue {
  transitionId: string;
  layerId: string;
  propertyName: string;
  value: unknown;
  fromSceneId: string;
  toSceneId: string;
}

/** The first transition active at time t, if any. */
export function activeTransitionAt(transitions: readonly Transition[], time: number): Transition | undefined {
  for (const t of transitions) if (isTransitionActive(t, time)) return t;
  return undefined;
}

/**
 * The values of every active transition's animations at time t: each goes from its `from`
 * value to its `to` value over the transition, with the transition's easing.
 */
export function evaluateTransitions(transitions: readonly Transition[], time: number): TransitionValue[] {
  const out: TransitionValue[] = [];
  for (const tr of transitions) {
    if (!isTransitionActive(tr, time)) continue;
    const p = applyEasing(tr.easing, tr.duration > 0 ? (time - tr.startTime) / tr.duration : 1);
    for (const a of tr.animations) {
      out.push({
        transitionId: tr.id,
        layerId: a.layerId,
        propertyName: a.propertyName,
        value: interpolateValue(a.from, a.to, p),
        fromSceneId: a.fromSceneId,
        toSceneId: a.toSceneId,
      });
    }
  }
  return out;
}
