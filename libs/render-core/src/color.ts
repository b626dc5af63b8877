/** Premultiplied-ready straight RGBA in 0..1. */
export type Rgba = [number, number, number, number];

const NAMED: Record<string, Rgba> = {
  transparent: [0, 0, 0, 0],
  black: [0, 0, 0, 1],
  white: [1, 1, 1, 1],
  red: [1, 0, 0, 1],
  lime: [0, 1, 0, 1],
  green: [0, 128 / 255, 0, 1],
  blue: [0, 0, 1, 1],
  yellow: [1, 1, 0, 1],
  cyan: [0, 1, 1, 1],
  magenta: [1, 0, 1, 1],
  gray: [128 / 255, 128 / 255, 128 / 255, 1],
  grey: [128 / 255, 128 / 255, 128 / 255, 1],
};

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() and a few names; unknown strings are opaque black. */
export function parseColor(input: string): Rgba {
  const s = input.trim().toLowerCase();
  const named = NAMED[s];
  if (named) return [...named];
  if (s.startsWith('#')) {
    let hex = s.slice(1);
    if (hex.length === 3 || hex.length === 4) hex = [...hex].map((c) => c + c).join('');
    if (/^[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) {
      const v = (i: number): number => parseInt(hex.slice(i, i + 2), 16) / 255;
      return [v(0), v(2), v(4), hex.length === 8 ? v(6) : 1];
    }
  }
  const m = /^rgba?\(([^)]+)\)$/.exec(s);
  if (m) {
    const parts = m[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length >= 3 && parts.every((n) => Number.isFinite(n))) {
      return [parts[0]! / 255, parts[1]! / 255, parts[2]! / 255, parts[3] ?? 1];
    }
  }
  return [0, 0, 0, 1];
}
