import type { RenderFilters } from './types';

/** A colour transform on straight (unpremultiplied) rgb: out = M * rgb + offset. M is row-major 3x3. */
export interface ColorTransform {
  matrix: number[];
  offset: [number, number, number];
}

const IDENTITY = (): ColorTransform => ({ matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: [0, 0, 0] });

function compose(t: ColorTransform, m: number[], o: [number, number, number] = [0, 0, 0]): ColorTransform {
  // (m, o) applied after t: m * (T x + t0) + o.
  const r: number[] = [];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) r.push(m[i * 3]! * t.matrix[j]! + m[i * 3 + 1]! * t.matrix[3 + j]! + m[i * 3 + 2]! * t.matrix[6 + j]!);
  const off = [0, 1, 2].map((i) => m[i * 3]! * t.offset[0] + m[i * 3 + 1]! * t.offset[1] + m[i * 3 + 2]! * t.offset[2] + o[i]!) as [number, number, number];
  return { matrix: r, offset: off };
}

function saturateMatrix(s: number): number[] {
  // The CSS Filter Effects saturate matrix.
  return [
    0.213 + 0.787 * s,
    0.715 - 0.715 * s,
    0.072 - 0.072 * s,
    0.213 - 0.213 * s,
    0.715 + 0.285 * s,
    0.072 - 0.072 * s,
    0.213 - 0.213 * s,
    0.715 - 0.715 * s,
    0.072 + 0.928 * s,
  ];
}

function hueMatrix(deg: number): number[] {
  const a = (deg * Math.PI) / 180,
    c = Math.cos(a),
    s = Math.sin(a);
  return [
    0.213 + c * 0.787 - s * 0.213,
    0.715 - c * 0.715 - s * 0.715,
    0.072 - c * 0.072 + s * 0.928,
    0.213 - c * 0.213 + s * 0.143,
    0.715 + c * 0.285 + s * 0.14,
    0.072 - c * 0.072 - s * 0.283,
    0.213 - c * 0.213 - s * 0.787,
    0.715 - c * 0.715 + s * 0.715,
    0.072 + c * 0.928 + s * 0.072,
  ];
}

/** True when the filters change anything (a layer with filters uses the with-filters blend fallbacks). */
export function hasActiveFilters(f: RenderFilters | undefined): boolean {
  if (!f) return false;
  return (
    (f.brightness ?? 1) !== 1 ||
    (f.contrast ?? 1) !== 1 ||
    (f.saturate ?? 1) !== 1 ||
    (f.hueRotate ?? 0) !== 0 ||
    (f.grayscale ?? 0) !== 0 ||
    (f.invert ?? 0) !== 0 ||
    (f.sepia ?? 0) !== 0
  );
}

/** The CSS-filter-like colour transform for the filters, in the order grayscale, sepia, saturate, hue, invert, brightness, contrast. */
export function filtersToColorTransform(f: RenderFilters): ColorTransform {
  let t = IDENTITY();
  const g = Math.min(Math.max(f.grayscale ?? 0, 0), 1);
  if (g) t = compose(t, saturateMatrix(1 - g));
  const sp = Math.min(Math.max(f.sepia ?? 0, 0), 1);
  if (sp) {
    const k = 1 - sp;
    t = compose(t, [
      0.393 + 0.607 * k,
      0.769 - 0.769 * k,
      0.189 - 0.189 * k,
      0.349 - 0.349 * k,
      0.686 + 0.314 * k,
      0.168 - 0.168 * k,
      0.272 - 0.272 * k,
      0.534 - 0.534 * k,
      0.131 + 0.869 * k,
    ]);
  }
  if ((f.saturate ?? 1) !== 1) t = compose(t, saturateMatrix(f.saturate ?? 1));
  if (f.hueRotate) t = compose(t, hueMatrix(f.hueRotate));
  const inv = Math.min(Math.max(f.invert ?? 0, 0), 1);
  if (inv) t = compose(t, [1 - 2 * inv, 0, 0, 0, 1 - 2 * inv, 0, 0, 0, 1 - 2 * inv], [inv, inv, inv]);
  const b = f.brightness ?? 1;
  if (b !== 1) t = compose(t, [b, 0, 0, 0, b, 0, 0, 0, b]);
  const c = f.contrast ?? 1;
  if (c !== 1) t = compose(t, [c, 0, 0, 0, c, 0, 0, 0, c], [0.5 - 0.5 * c, 0.5 - 0.5 * c, 0.5 - 0.5 * c]);
  return t;
}

/** Applies a colour transform to one straight rgb colour (0..1), clamped. */
export function applyColorTransform(t: ColorTransform, rgb: readonly [number, number, number]): [number, number, number] {
  return [0, 1, 2].map((i) =>
    Math.min(1, Math.max(0, t.matrix[i * 3]! * rgb[0] + t.matrix[i * 3 + 1]! * rgb[1] + t.matrix[i * 3 + 2]! * rgb[2] + t.offset[i]!)),
  ) as [number, number, number];
}
