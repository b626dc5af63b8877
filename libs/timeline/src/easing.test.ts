import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_EASING, EASING_FUNCTIONS, EASING_NAMES, applyEasing, applyEasingCode, isEasingName } from './easing';

const FUZZ_RUNS = Number(process.env['FUZZ_RUNS'] ?? 200);

describe('easing', () => {
  it('has the five spec names and smooth as the default', () => {
    expect([...EASING_NAMES].sort()).toEqual(['ease-in', 'ease-in-out', 'ease-out', 'linear', 'smooth']);
    expect(DEFAULT_EASING).toBe('smooth');
  });

  it('defines each curve exactly', () => {
    expect(EASING_FUNCTIONS.linear(0.25)).toBe(0.25);
    expect(EASING_FUNCTIONS['ease-in'](0.5)).toBe(0.25);
    expect(EASING_FUNCTIONS['ease-out'](0.5)).toBe(0.75);
    expect(EASING_FUNCTIONS['ease-in-out'](0.25)).toBe(0.125);
    expect(EASING_FUNCTIONS['ease-in-out'](0.75)).toBe(0.875);
    expect(EASING_FUNCTIONS.smooth(0.25)).toBeCloseTo(0.15625, 12);
    expect(EASING_FUNCTIONS.smooth(0.5)).toBe(0.5);
  });

  it('fixes 0 and 1 for every curve', () => {
    for (const name of EASING_NAMES) {
      expect(EASING_FUNCTIONS[name](0)).toBe(0);
      expect(EASING_FUNCTIONS[name](1)).toBe(1);
    }
  });

  it('clamps progress and falls back to smooth for an unknown name', () => {
    expect(applyEasing('linear', -1)).toBe(0);
    expect(applyEasing('linear', 2)).toBe(1);
    expect(applyEasing('bounce', 0.25)).toBe(EASING_FUNCTIONS.smooth(0.25));
    expect(applyEasing(undefined, 0.25)).toBe(EASING_FUNCTIONS.smooth(0.25));
    expect(isEasingName('toString')).toBe(false);
  });

  it('every curve stays in [0, 1] and never goes backwards (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EASING_NAMES), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (name, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const fl = applyEasing(name, lo);
        const fh = applyEasing(name, hi);
        expect(fl).toBeGreaterThanOrEqual(0);
        expect(fh).toBeLessThanOrEqual(1);
        expect(fh).toBeGreaterThanOrEqual(fl);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});

describe('easing by code', () => {
  it('matches the named curves for every code in EASING_NAMES order', () => {
    EASING_NAMES.forEach((name, code) => {
      for (const p of [0, 0.1, 0.25, 0.5, 0.6, 0.9, 1]) expect(applyEasingCode(code, p)).toBe(EASING_FUNCTIONS[name](p));
    });
  });
});
