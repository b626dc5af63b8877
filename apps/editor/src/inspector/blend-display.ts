import { BLEND_MODES, effectiveBlendMode, isDomLayerType, isMaskType } from '@beamstage/layers';
import type { BlendMode, Layer, LayerType } from '@beamstage/layers';

/**
 * CSS `mix-blend-mode` for each blend mode on a DOM layer (url, html, giphy, dom_mask, rtmp are page
 * elements over the canvas, so CSS does their blending). `add` is CSS `plus-lighter`; the
 * subtract and Porter-Duff modes have no CSS equivalent and draw as normal. Neither libs/stage nor
 * render-core holds such a table yet: the stage should read this one when it blends DOM layers.
 */
export const DOM_CSS_BLEND: Readonly<Record<BlendMode, string | null>> = {
  normal: 'normal',
  add: 'plus-lighter',
  multiply: 'multiply',
  screen: 'screen',
  overlay: 'overlay',
  darken: 'darken',
  lighten: 'lighten',
  'color-dodge': 'color-dodge',
  'color-burn': 'color-burn',
  'hard-light': 'hard-light',
  'soft-light': 'soft-light',
  difference: 'difference',
  exclusion: 'exclusion',
  hue: 'hue',
  saturation: 'saturation',
  color: 'color',
  luminosity: 'luminosity',
  subtract: null,
  erase: null,
  xor: null,
  'src-in': null,
  'src-out': null,
  'src-atop': null,
  'dst-over': null,
  'dst-in': null,
  'dst-out': null,
  'dst-atop': null,
};

/** 'color-dodge' -> 'Color dodge'; 'src-in' -> 'Source in'. */
export function blendModeLabel(mode: BlendMode): string {
  const words = mode.replace(/^src-/, 'source-').replace(/^dst-/, 'destination-').split('-');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One entry of the blend mode list as the inspector shows it. */
export interface BlendOption {
  mode: BlendMode;
  label: string;
  /** Why it will not draw as named on this layer (filters, DOM layer), or null. */
  note: string | null;
}

/** Whether the layer has filters (the with-filters fallback of spec section 5 applies). */
export function layerHasFilters(layer: Pick<Layer, 'filters'>): boolean {
  return Array.isArray(layer.filters) && layer.filters.length > 0;
}

/** What a mode really draws as on a layer of `type`, with or without filters, as a note; null when as named. */
export function blendFallbackNote(mode: BlendMode, type: LayerType, hasFilters: boolean): string | null {
  if (isDomLayerType(type) && DOM_CSS_BLEND[mode] === null)
    return `Draws as Normal on a ${type === 'dom_mask' ? 'DOM mask' : 'page'} layer (no CSS equivalent)`;
  const effective = effectiveBlendMode(mode, hasFilters);
  if (effective !== mode) return `With filters this draws as ${blendModeLabel(effective)}`;
  return null;
}

/** The 27 modes in the spec's order, each with its fallback note for this layer. */
export function blendOptions(layer: Pick<Layer, 'type' | 'filters'>): BlendOption[] {
  const hasFilters = layerHasFilters(layer);
  return BLEND_MODES.map((mode) => ({ mode, label: blendModeLabel(mode), note: blendFallbackNote(mode, layer.type, hasFilters) }));
}

/** Masks always subtract (spec section 4): their mode is shown, not chosen. */
export function blendIsFixed(type: LayerType): boolean {
  return isMaskType(type);
}
