/** The 27 blend modes of spec section 5, in the spec's order. */
export const BLEND_MODES = [
  'normal',
  'add',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
  'subtract',
  'erase',
  'xor',
  'src-in',
  'src-out',
  'src-atop',
  'dst-over',
  'dst-in',
  'dst-out',
  'dst-atop',
] as const;

export type BlendMode = (typeof BLEND_MODES)[number];

const KNOWN = new Set<string>(BLEND_MODES);

/** Returns the mode itself when known, else 'normal' (spec section 5). */
export function normalizeBlendMode(mode: string | undefined): BlendMode {
  return mode !== undefined && KNOWN.has(mode) ? (mode as BlendMode) : 'normal';
}

/** Spec section 5: the mode a layer with filters uses instead. */
export const FILTER_BLEND_FALLBACK: Readonly<Partial<Record<BlendMode, BlendMode>>> = {
  overlay: 'multiply',
  darken: 'multiply',
  'color-burn': 'multiply',
  subtract: 'multiply',
  lighten: 'screen',
  'color-dodge': 'screen',
  'hard-light': 'overlay',
  'soft-light': 'overlay',
  difference: 'subtract',
  exclusion: 'subtract',
  hue: 'normal',
  saturation: 'normal',
  color: 'normal',
  luminosity: 'normal',
  erase: 'normal',
  xor: 'normal',
  'src-in': 'normal',
  'src-out': 'normal',
  'src-atop': 'normal',
  'dst-over': 'normal',
  'dst-in': 'normal',
  'dst-out': 'normal',
  'dst-atop': 'normal',
};

/** The mode actually used for a layer, after the unknown-name and with-filters fallbacks. */
export function effectiveBlendMode(mode: string | undefined, hasFilters: boolean): BlendMode {
  const known = normalizeBlendMode(mode);
  return hasFilters ? (FILTER_BLEND_FALLBACK[known] ?? known) : known;
}

/** GL blend state for modes fixed-function blending does exactly (premultiplied colour). */
export interface GlBlend {
  /** 'add' | 'reverse-subtract' for the colour equation; alpha always adds. */
  equation: 'add' | 'reverse-subtract';
  src: GlFactor;
  dst: GlFactor;
  srcAlpha: GlFactor;
  dstAlpha: GlFactor;
}

export type GlFactor = 'zero' | 'one' | 'src-alpha' | 'one-minus-src-alpha' | 'dst-alpha' | 'one-minus-dst-alpha' | 'one-minus-src-color';

const pd = (src: GlFactor, dst: GlFactor): GlBlend => ({ equation: 'add', src, dst, srcAlpha: src, dstAlpha: dst });

/**
 * Modes done with GL blend functions. Porter-Duff modes act inside the layer's footprint only
 * (pixels the layer does not cover are left alone), as in PixiJS.
 */
export const GL_BLENDS: Readonly<Partial<Record<BlendMode, GlBlend>>> = {
  normal: pd('one', 'one-minus-src-alpha'),
  add: pd('one', 'one'),
  screen: { equation: 'add', src: 'one', dst: 'one-minus-src-color', srcAlpha: 'one', dstAlpha: 'one-minus-src-alpha' },
  subtract: { equation: 'reverse-subtract', src: 'one', dst: 'one', srcAlpha: 'one', dstAlpha: 'one-minus-src-alpha' },
  erase: pd('zero', 'one-minus-src-alpha'),
  xor: pd('one-minus-dst-alpha', 'one-minus-src-alpha'),
  'src-in': pd('dst-alpha', 'zero'),
  'src-out': pd('one-minus-dst-alpha', 'zero'),
  'src-atop': pd('dst-alpha', 'one-minus-src-alpha'),
  'dst-over': pd('one-minus-dst-alpha', 'one'),
  'dst-in': pd('zero', 'src-alpha'),
  'dst-out': pd('zero', 'one-minus-src-alpha'),
  'dst-atop': pd('one-minus-dst-alpha', 'src-alpha'),
};

/** Shader-composited modes and their index in the compositing shader's switch. */
export const SHADER_BLEND_INDEX: Readonly<Partial<Record<BlendMode, number>>> = {
  multiply: 1,
  overlay: 2,
  darken: 3,
  lighten: 4,
  'color-dodge': 5,
  'color-burn': 6,
  'hard-light': 7,
  'soft-light': 8,
  difference: 9,
  exclusion: 10,
  hue: 11,
  saturation: 12,
  color: 13,
  luminosity: 14,
};

/** True when the mode needs the backdrop in a shader (W3C compositing formulas). */
export function needsShaderCompositing(mode: BlendMode): boolean {
  return SHADER_BLEND_INDEX[mode] !== undefined;
}
