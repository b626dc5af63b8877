import { afterAll, describe, expect, it } from 'vitest';
import { BLEND_MODES, type BlendMode } from './blend-modes';
import { createRenderer } from './renderer';
import { newCanvas, readPixel } from './testing/pixels';
import type { RenderItem } from './types';

type V3 = [number, number, number];
type Px = { c: V3; a: number }; // straight colour

// Reference formulas: W3C Compositing and Blending Level 1 (separable and non-separable modes),
// Porter-Duff for the rest, written independently of the shader.
const lum = (c: V3): number => 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];
function clipColor(c: V3): V3 {
  const l = lum(c),
    n = Math.min(...c),
    x = Math.max(...c);
  let o = c;
  if (n < 0) o = o.map((v) => l + ((v - l) * l) / (l - n)) as V3;
  if (x > 1) o = o.map((v) => l + ((v - l) * (1 - l)) / (x - l)) as V3;
  return o;
}
const setLum = (c: V3, l: number): V3 => clipColor(c.map((v) => v + (l - lum(c))) as V3);
const sat = (c: V3): number => Math.max(...c) - Math.min(...c);
function setSat(c: V3, s: number): V3 {
  const mx = Math.max(...c),
    mn = Math.min(...c);
  return mx > mn ? (c.map((v) => ((v - mn) * s) / (mx - mn)) as V3) : [0, 0, 0];
}
const hard = (b: number, s: number): number => (s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1));
const separable: Partial<Record<BlendMode, (b: number, s: number) => number>> = {
  multiply: (b, s) => b * s,
  overlay: (b, s) => hard(s, b),
  darken: Math.min,
  lighten: Math.max,
  'color-dodge': (b, s) => (b === 0 ? 0 : s >= 1 ? 1 : Math.min(1, b / (1 - s))),
  'color-burn': (b, s) => (b === 1 ? 1 : s <= 0 ? 0 : 1 - Math.min(1, (1 - b) / s)),
  'hard-light': hard,
  'soft-light': (b, s) => (s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * ((b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b)) - b)),
  difference: (b, s) => Math.abs(b - s),
  exclusion: (b, s) => b + s - 2 * b * s,
};
const nonSeparable: Partial<Record<BlendMode, (b: V3, s: V3) => V3>> = {
  hue: (b, s) => setLum(setSat(s, sat(b)), lum(b)),
  saturation: (b, s) => setLum(setSat(b, sat(s)), lum(b)),
  color: (b, s) => setLum(s, lum(b)),
  luminosity: (b, s) => setLum(b, lum(s)),
};
/** Porter-Duff [Fa, Fb] (source and destination factors) and the two other GL modes. */
const porterDuff: Partial<Record<BlendMode, (as: number, ab: number) => [number, number]>> = {
  normal: (as) => [1, 1 - as],
  xor: (as, ab) => [1 - ab, 1 - as],
  erase: (as) => [0, 1 - as],
  'src-in': (_as, ab) => [ab, 0],
  'src-out': (_as, ab) => [1 - ab, 0],
  'src-atop': (as, ab) => [ab, 1 - as],
  'dst-over': (_as, ab) => [1 - ab, 1],
  'dst-in': (as) => [0, as],
  'dst-out': (as) => [0, 1 - as],
  'dst-atop': (as, ab) => [1 - ab, as],
};

/** Expected premultiplied RGBA (0..1) of source over backdrop in the mode. */
function reference(mode: BlendMode, s: Px, b: Px): [number, number, number, number] {
  const ps = s.c.map((v) => v * s.a) as V3,
    pb = b.c.map((v) => v * b.a) as V3;
  const pd = porterDuff[mode];
  if (pd) {
    const [fa, fb] = pd(s.a, b.a);
    return [...ps.map((v, i) => v * fa + pb[i]! * fb), s.a * fa + b.a * fb] as [number, number, number, number];
  }
  const ao = s.a + b.a * (1 - s.a);
  if (mode === 'add') return [...ps.map((v, i) => Math.min(1, v + pb[i]!)), Math.min(1, s.a + b.a)] as [number, number, number, number];
  if (mode === 'screen') return [...ps.map((v, i) => v + pb[i]! - v * pb[i]!), ao] as [number, number, number, number];
  if (mode === 'subtract') return [...ps.map((v, i) => Math.max(0, pb[i]! - v)), ao] as [number, number, number, number];
  const f = separable[mode];
  const mixed = f ? (b.c.map((v, i) => f(v, s.c[i]!)) as V3) : nonSeparable[mode]!(b.c, s.c);
  return [...ps.map((v, i) => v * (1 - b.a) + pb[i]! * (1 - s.a) + s.a * b.a * Math.min(1, Math.max(0, mixed[i]!))), ao] as [number, number, number, number];
}

const hex = (p: Px): string => `rgba(${p.c.map((v) => Math.round(v * 255)).join(',')},${p.a})`;
/** Colour pairs chosen to hit both sides of each formula's branches, with partial alpha. */
const q = (p: Px): Px => ({ c: p.c.map((v) => Math.round(v * 255) / 255) as V3, a: p.a }); // 8-bit exact
const PAIRS: [Px, Px][] = (
  [
    [
      { c: [0.8, 0.2, 0.6], a: 1 },
      { c: [0.3, 0.7, 0.5], a: 1 },
    ],
    [
      { c: [0.2, 0.9, 0.4], a: 0.6 },
      { c: [0.9, 0.1, 0.2], a: 1 },
    ],
    [
      { c: [0.6, 0.4, 0.1], a: 0.8 },
      { c: [0.2, 0.5, 0.8], a: 0.5 },
    ],
  ] as [Px, Px][]
).map(([s, b]) => [q(s), q(b)]);

const canvas = newCanvas(8, 8);
const renderer = createRenderer(canvas);
const gl = canvas.getContext('webgl2')!;
afterAll(() => renderer.dispose());

const item = (id: string, color: string, blendMode?: string, extra: Partial<RenderItem> = {}): RenderItem => ({
  id,
  source: { kind: 'color', color },
  width: 8,
  height: 8,
  x: 4,
  y: 4,
  blendMode,
  ...extra,
});

describe('blend modes against their reference formulas', () => {
  it('covers all 27 modes', () => {
    expect(BLEND_MODES).toHaveLength(27);
  });
  for (const mode of BLEND_MODES) {
    it(mode, () => {
      for (const [s, b] of PAIRS) {
        renderer.render({ width: 8, height: 8, background: 'transparent', items: [item('b', hex(b)), item('s', hex(s), mode)] });
        const got = readPixel(gl, 4, 4);
        const want = reference(mode, s, b).map((v) => Math.round(v * 255));
        got.forEach((v, i) => expect(Math.abs(v - want[i]!), `${mode} ${JSON.stringify([s, b])} got ${got} want ${want}`).toBeLessThanOrEqual(3));
      }
    });
  }

  it('leaves the backdrop outside the layer footprint alone (shader and GL modes)', () => {
    for (const mode of ['difference', 'dst-in'] as const) {
      renderer.render({ width: 8, height: 8, background: '#336699', items: [item('s', '#ffffff', mode, { width: 4, x: 2 })] });
      expect(readPixel(gl, 6, 4)).toEqual([0x33, 0x66, 0x99, 255]);
    }
  });

  it('uses the with-filters fallback (darken becomes multiply) and an unknown mode is normal', () => {
    const b: Px = { c: [0.6, 0.6, 0.6], a: 1 },
      s: Px = { c: [0.4, 0.8, 1], a: 1 };
    renderer.render({
      width: 8,
      height: 8,
      background: 'transparent',
      items: [item('b', hex(b)), item('s', hex(s), 'darken', { filters: { brightness: 1.0001 } })],
    });
    const multiplied = reference('multiply', s, b).map((v) => Math.round(v * 255));
    readPixel(gl, 4, 4).forEach((v, i) => expect(Math.abs(v - multiplied[i]!)).toBeLessThanOrEqual(3));
    renderer.render({ width: 8, height: 8, background: 'transparent', items: [item('b', hex(b)), item('s', hex(s), 'no-such-mode')] });
    expect(readPixel(gl, 4, 4)).toEqual([102, 204, 255, 255]);
  });

  it('applies opacity', () => {
    renderer.render({ width: 8, height: 8, background: '#000000', items: [item('s', '#ffffff', 'normal', { opacity: 0.5 })] });
    const [r] = readPixel(gl, 4, 4);
    expect(Math.abs(r - 128)).toBeLessThanOrEqual(1);
  });
});
