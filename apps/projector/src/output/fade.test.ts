import { describe, expect, it } from 'vitest';
import { blackOpacityAt, fadeRunning, fadeTowards, NO_BLACK } from './fade';
import { applyOutputOp, IDENTIFY_MS, initialOutputState, isBlackedOut } from './output-state';

describe('fade to black (injected clock)', () => {
  it('goes linearly to black over the chosen time and holds', () => {
    const fade = fadeTowards(NO_BLACK, true, 2000, 10_000);
    expect(blackOpacityAt(fade, 10_000)).toBe(0);
    expect(blackOpacityAt(fade, 10_500)).toBeCloseTo(0.25);
    expect(blackOpacityAt(fade, 11_000)).toBeCloseTo(0.5);
    expect(blackOpacityAt(fade, 12_000)).toBe(1);
    expect(blackOpacityAt(fade, 99_000)).toBe(1);
    expect(fadeRunning(fade, 11_999)).toBe(true);
    expect(fadeRunning(fade, 12_000)).toBe(false);
  });

  it('a cut is immediate, and a reversed fade starts from where it was', () => {
    expect(blackOpacityAt(fadeTowards(NO_BLACK, true, 0, 5), 5)).toBe(1);
    const down = fadeTowards(NO_BLACK, true, 1000, 0);
    const back = fadeTowards(down, false, 1000, 500);
    expect(blackOpacityAt(back, 500)).toBeCloseTo(0.5);
    expect(blackOpacityAt(back, 1000)).toBeCloseTo(0.25);
    expect(blackOpacityAt(back, 1500)).toBe(0);
  });
});

describe('output state', () => {
  it('applies commands', () => {
    let s = initialOutputState('Projector 1');
    s = applyOutputOp(s, { op: 'blackout', on: true, fadeMs: 0 }, 100).state;
    expect(isBlackedOut(s)).toBe(true);
    s = applyOutputOp(s, { op: 'pattern', pattern: 'grid' }, 100).state;
    expect(s.pattern).toBe('grid');
    s = applyOutputOp(s, { op: 'identify' }, 100).state;
    expect(s.identifyUntil).toBe(100 + IDENTIFY_MS);
    s = applyOutputOp(s, { op: 'label', label: 'Left' }, 100).state;
    expect(s.label).toBe('Left');
    expect(applyOutputOp(s, { op: 'reload' }, 100).reload).toBe(true);
    s = applyOutputOp(s, { op: 'blackout', on: false, fadeMs: 0 }, 200).state;
    expect(isBlackedOut(s)).toBe(false);
  });
});
