import { isAnimatableProperty, type AnimatableProperty } from './keyframe';
import type { TimelineLogger } from './logger';

/** A point of a four-corner warp. */
export interface WarpPoint {
  x: number;
  y: number;
}

/** The layer fields the timeline animates (spec section 3); the project model's Layer has them all. */
export interface AnimatableLayerFields {
  x: number;
  y: number;
  scale: { x: number; y: number };
  rotation: number;
  opacity: number;
  visible: boolean;
  warp: { enabled: boolean; points: WarpPoint[] };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isXY = (v: unknown): v is { x: number; y: number } =>
  typeof v === 'object' && v !== null && isNum((v as { x?: unknown }).x) && isNum((v as { y?: unknown }).y);

/**
 * Returns the layer with one animated property applied (a new object; the input is not changed).
 * position and scale take {x, y}; x, y, scaleX, scaleY, rotation and opacity a number; visible
 * a boolean; warp {enabled, points} with exactly 4 points. A value of the wrong shape is logged
 * and the layer is returned unchanged.
 */
export function applyAnimatedProperty<L extends AnimatableLayerFields>(layer: L, property: AnimatableProperty, value: unknown, logger?: TimelineLogger): L {
  const bad = (): L => {
    logger?.warn('Ignoring an animated value of the wrong shape', { property, value });
    return layer;
  };
  switch (property) {
    case 'position':
      return isXY(value) ? { ...layer, x: value.x, y: value.y } : bad();
    case 'x':
    case 'y':
    case 'rotation':
    case 'opacity':
      return isNum(value) ? { ...layer, [property]: value } : bad();
    case 'scale':
      return isXY(value) ? { ...layer, scale: { x: value.x, y: value.y } } : bad();
    case 'scaleX':
      return isNum(value) ? { ...layer, scale: { ...layer.scale, x: value } } : bad();
    case 'scaleY':
      return isNum(value) ? { ...layer, scale: { ...layer.scale, y: value } } : bad();
    case 'visible':
      return typeof value === 'boolean' ? { ...layer, visible: value } : bad();
    case 'warp': {
      const w = value as { enabled?: unknown; points?: unknown } | null;
      if (typeof w !== 'object' || w === null || !Array.isArray(w.points) || w.points.length !== 4 || !w.points.every(isXY)) return bad();
      const enabled = typeof w.enabled === 'boolean' ? w.enabled : layer.warp.enabled;
      return { ...layer, warp: { ...layer.warp, enabled, points: w.points.map((p: WarpPoint) => ({ x: p.x, y: p.y })) } };
    }
  }
}

/** A plain field set to a number or a boolean: written into the copy already made, not copied again. */
const simpleValue = (property: string, value: unknown): boolean =>
  property === 'visible'
    ? typeof value === 'boolean'
    : (property === 'x' || property === 'y' || property === 'rotation' || property === 'opacity') && isNum(value);

/**
 * Applies every animated value of one layer (property -> value) in turn. The layer is copied once:
 * plain values after the first change are written into that copy (a frame of playback with 100
 * layers and three animated properties each makes 100 copies, not 300).
 */
export function applyAnimatedValues<L extends AnimatableLayerFields>(layer: L, values: ReadonlyMap<string, unknown>, logger?: TimelineLogger): L {
  let out = layer;
  for (const [property, value] of values) {
    if (!isAnimatableProperty(property)) continue;
    // `out` is this call's own copy once it is not the input (applyAnimatedProperty always returns a new object or its input).
    if (out !== layer && simpleValue(property, value)) (out as Record<string, unknown>)[property] = value;
    else out = applyAnimatedProperty(out, property, value, logger);
  }
  return out;
}
