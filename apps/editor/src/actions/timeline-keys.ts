// Keyframes a user records from layers: the K action, and auto-key (every layer edit keyed at the playhead).
import { createEntityId, defaultRandomBytes } from '@beamstage/layers';
import type { Keyframe, KeyframeId, Layer } from '@beamstage/layers';

/** What K keys on a layer (spec section 3 animatable properties the inspector edits). */
export const KEYED_PROPERTIES = ['x', 'y', 'opacity', 'rotation', 'scale'] as const;
export type KeyedProperty = (typeof KEYED_PROPERTIES)[number];

export function keyValue(layer: Layer, property: KeyedProperty): Keyframe['value'] {
  return property === 'scale' ? { x: layer.scale.x, y: layer.scale.y } : layer[property];
}

/** Keyframes of these layers' properties at `time`, with the easing given (a new keyframe's curve). */
export function keyframesFor(
  layers: readonly Layer[],
  time: number,
  now: number,
  easing = 'smooth',
  properties: readonly KeyedProperty[] = KEYED_PROPERTIES,
): Keyframe[] {
  return layers.flatMap((layer) =>
    properties.map((property) => ({
      id: createEntityId('kf', now, defaultRandomBytes) as KeyframeId,
      layerId: layer.id,
      property,
      time,
      value: keyValue(layer, property),
      easing,
      timestamp: now,
    })),
  );
}

/** The keyed properties whose values differ between two versions of a layer (auto-key). */
export function changedKeyedProperties(before: Layer, after: Layer): KeyedProperty[] {
  return KEYED_PROPERTIES.filter((p) => JSON.stringify(keyValue(before, p)) !== JSON.stringify(keyValue(after, p)));
}
