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

const BLEND_SET: ReadonlySet<string> = new Set(BLEND_MODES);

/** True when the name is one of the 27 modes. */
export function isBlendMode(value: unknown): value is BlendMode {
  return typeof value === 'string' && BLEND_SET.has(value);
}

/** An unknown blend mode falls back to normal (spec section 5). */
export function normalizeBlendMode(value: unknown): BlendMode {
  return isBlendMode(value) ? value : 'normal';
}

/** Modes that cannot combine with filters, and what they become (spec section 5). */
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

/** The blend mode actually used for a layer, given whether it has filters. */
export function effectiveBlendMode(mode: unknown, hasFilters: boolean): BlendMode {
  const m = normalizeBlendMode(mode);
  if (!hasFilters) return m;
  return FILTER_BLEND_FALLBACK[m] ?? m;
}
