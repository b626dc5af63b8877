import { DEFAULT_EASING, type EasingName } from './easing';

/** Layer properties a keyframe may animate (spec section 3). */
export type AnimatableProperty = 'position' | 'x' | 'y' | 'scale' | 'scaleX' | 'scaleY' | 'rotation' | 'opacity' | 'visible' | 'warp';

/** Every animatable property name. */
export const ANIMATABLE_PROPERTIES: readonly AnimatableProperty[] = [
  'position',
  'x',
  'y',
  'scale',
  'scaleX',
  'scaleY',
  'rotation',
  'opacity',
  'visible',
  'warp',
];

const ANIMATABLE = new Set<unknown>(ANIMATABLE_PROPERTIES);

/** True when name is an animatable property. */
export function isAnimatableProperty(name: unknown): name is AnimatableProperty {
  return ANIMATABLE.has(name);
}

/** Marks a keyframe as recorded from a scene's state. */
export interface SceneReference {
  type: 'scene-property';
  sceneId: string;
}

/**
 * One keyframe. `property` is a string, not AnimatableProperty, because stored files may hold
 * names this version does not know: evaluation logs and ignores them instead of failing the load.
 * `value` is a number (x, y, rotation, opacity, scaleX, scaleY), a boolean (visible), {x, y}
 * (position, scale) or a warp {enabled, points: [{x, y} x4]}.
 */
export interface Keyframe {
  id: string;
  layerId: string;
  property: string;
  /** Milliseconds from the start of the timeline. */
  time: number;
  value: unknown;
  easing: EasingName;
  sceneReference?: SceneReference;
  /** Wall-clock milliseconds when the keyframe was written. */
  timestamp?: number;
}

/** Builds a keyframe; easing defaults to smooth. */
export function createKeyframe(input: {
  id: string;
  layerId: string;
  property: string;
  time: number;
  value: unknown;
  easing?: EasingName;
  sceneReference?: SceneReference;
  timestamp?: number;
}): Keyframe {
  const keyframe: Keyframe = {
    id: input.id,
    layerId: input.layerId,
    property: input.property,
    time: Math.max(0, input.time),
    value: input.value,
    easing: input.easing ?? DEFAULT_EASING,
  };
  if (input.sceneReference) keyframe.sceneReference = { ...input.sceneReference };
  if (input.timestamp !== undefined) keyframe.timestamp = input.timestamp;
  return keyframe;
}
