import { describe, expect, it } from 'vitest';
import { interpolateValue, lerpNumber } from './interpolate';

describe('interpolateValue', () => {
  it('interpolates numbers linearly, exactly at both ends', () => {
    expect(interpolateValue(0, 10, 0)).toBe(0);
    expect(interpolateValue(0, 10, 0.25)).toBe(2.5);
    expect(interpolateValue(0, 10, 1)).toBe(10);
    expect(lerpNumber(0.1, 0.3, 1)).toBe(0.3);
  });

  it('interpolates object fields where numeric and switches the rest at halfway', () => {
    const from = { x: 0, y: 100, label: 'a' };
    const to = { x: 10, y: 0, label: 'b' };
    expect(interpolateValue(from, to, 0.4)).toEqual({ x: 4, y: 60, label: 'a' });
    expect(interpolateValue(from, to, 0.5)).toEqual({ x: 5, y: 50, label: 'b' });
  });

  it('moves warp points smoothly while enabled switches at halfway', () => {
    const pts = (d: number) => [
      { x: 0 + d, y: 0 },
      { x: 10 + d, y: 0 },
      { x: 10 + d, y: 10 },
      { x: 0 + d, y: 10 },
    ];
    const from = { enabled: false, points: pts(0) };
    const to = { enabled: true, points: pts(20) };
    expect(interpolateValue(from, to, 0.25)).toEqual({ enabled: false, points: pts(5) });
    expect(interpolateValue(from, to, 0.75)).toEqual({ enabled: true, points: pts(15) });
  });

  it('switches booleans, strings and mismatched shapes at halfway', () => {
    expect(interpolateValue(false, true, 0.49)).toBe(false);
    expect(interpolateValue(false, true, 0.5)).toBe(true);
    expect(interpolateValue([1, 2], [1, 2, 3], 0.2)).toEqual([1, 2]);
    expect(interpolateValue(1, { x: 1 }, 0.6)).toEqual({ x: 1 });
  });

  it('keeps a field only one side has on that side of the switch point', () => {
    expect(interpolateValue({ x: 0, a: 1 }, { x: 10, b: 2 }, 0.2)).toEqual({ x: 2, a: 1 });
    expect(interpolateValue({ x: 0, a: 1 }, { x: 10, b: 2 }, 0.8)).toEqual({ x: 8, b: 2 });
  });
});
