import { normalizeBlendMode } from '@beamstage/render-core';

/**
 * CSS mix-blend-mode for each project blend mode that CSS has (the separable and non-separable
 * modes). add becomes plus-lighter. subtract, erase, xor and the Porter-Duff src/dst modes have no
 * CSS blend: those DOM layers draw as normal, and the inspector says so (domBlendFallsBack).
 */
const CSS_BLEND: Record<string, string> = {
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
};

/** The mix-blend-mode a DOM layer gets for a blend mode ('normal' where CSS has no equivalent). */
export function domBlendCss(mode: string): string {
  return CSS_BLEND[normalizeBlendMode(mode)] ?? 'normal';
}

/** True when a DOM layer with this blend mode draws as normal because CSS cannot blend that way. */
export function domBlendFallsBack(mode: string): boolean {
  return !(normalizeBlendMode(mode) in CSS_BLEND);
}
