import type { Layer, LayerType } from './types';

/** DOM layers render as elements above the canvas (spec section 4). */
export const DOM_LAYER_TYPES: readonly LayerType[] = ['url', 'html', 'giphy', 'dom_mask', 'rtmp'];
/** Canvas layers render in the WebGL compositor. */
export const CANVAS_LAYER_TYPES: readonly LayerType[] = ['image', 'video', 'fragment-shader', 'p5js', 'mask'];

/** True for url, html, giphy, dom_mask, rtmp. */
export function isDomLayerType(type: LayerType): boolean {
  return DOM_LAYER_TYPES.includes(type);
}

/** True for mask and dom_mask, which are exempt from the DOM-above-canvas rule. */
export function isMaskType(type: LayerType): boolean {
  return type === 'mask' || type === 'dom_mask';
}

/** 'dom', 'canvas' or 'mask' for ordering purposes. */
export function layerGroup(layer: Pick<Layer, 'type'>): 'dom' | 'canvas' | 'mask' {
  if (isMaskType(layer.type)) return 'mask';
  return isDomLayerType(layer.type) ? 'dom' : 'canvas';
}

/** Layer kind used in logs (spec section 3): image, video, p5js, shader, unknown. */
export function layerLogKind(type: string): 'image' | 'video' | 'p5js' | 'shader' | 'unknown' {
  if (type === 'image' || type === 'video' || type === 'p5js') return type;
  if (type === 'fragment-shader') return 'shader';
  return 'unknown';
}
