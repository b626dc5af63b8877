import { DEFAULT_TRANSITION_DURATION_MS } from './constants';
import { DEFAULT_EASING, type EasingName } from './easing';

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
