import { describe, expect, it } from 'vitest';
import { commitNumberText, formatNumber, rangeMessage, scrubMultiplier, scrubValue } from './number-field-model';

describe('commitNumberText', () => {
  it('commits typed numbers and arithmetic', () => {
    expect(commitNumberText('400+20', 400)).toEqual({ kind: 'commit', value: 420 });
    expect(commitNumberText('0.1+0.2', 0)).toEqual({ kind: 'commit', value: 0.3 });
  });

  it('does nothing when the value is the same', () => {
    expect(commitNumberText('200', 200)).toEqual({ kind: 'unchanged' });
    expect(commitNumberText('100*2', 200)).toEqual({ kind: 'unchanged' });
  });

  it('refuses text and out-of-range values with a message', () => {
    expect(commitNumberText('abc', 1)).toMatchObject({ kind: 'invalid', message: expect.stringContaining('Enter a number') });
    expect(commitNumberText('1.5', 1, { min: 0, max: 1 })).toEqual({ kind: 'invalid', message: 'Must be between 0 and 1' });
    expect(commitNumberText('-5', 1, { min: 0 })).toEqual({ kind: 'invalid', message: 'Must not be negative' });
    expect(commitNumberText('0', 1, { min: 1 })).toEqual({ kind: 'invalid', message: 'Must be at least 1' });
    expect(commitNumberText('99', 1, { max: 60 })).toEqual({ kind: 'invalid', message: 'Must be at most 60' });
    expect(commitNumberText('2.5', 2, { integer: true })).toEqual({ kind: 'invalid', message: 'Must be a whole number' });
  });
});

describe('rangeMessage', () => {
  it('accepts values on the limits', () => {
    expect(rangeMessage(6, { min: 6, max: 90 })).toBeNull();
    expect(rangeMessage(90, { min: 6, max: 90 })).toBeNull();
    expect(rangeMessage(91, { min: 6, max: 90 })).toBe('Must be between 6 and 90');
  });
});

describe('scrubbing', () => {
  it('moves one step a pixel, Shift x10, Alt x0.1', () => {
    expect(scrubMultiplier({})).toBe(1);
    expect(scrubMultiplier({ shiftKey: true })).toBe(10);
    expect(scrubMultiplier({ altKey: true })).toBe(0.1);
    expect(scrubValue(100, 5, 1, {})).toBe(105);
    expect(scrubValue(100, 5, 1, { shiftKey: true })).toBe(150);
    expect(scrubValue(100, 5, 1, { altKey: true })).toBe(100.5);
    expect(scrubValue(100, -30, 1, {})).toBe(70);
  });

  it('keeps the step precision and the limits', () => {
    expect(scrubValue(0.5, 3, 0.01, {})).toBe(0.53);
    expect(scrubValue(0.1, 2, 0.1, {})).toBe(0.3);
    expect(scrubValue(0.9, 50, 0.01, {}, { min: 0, max: 1 })).toBe(1);
    expect(scrubValue(4, -10, 1, {}, { min: 2, integer: true })).toBe(2);
    expect(scrubValue(4, 1, 1, { altKey: true }, { integer: true })).toBe(4);
  });
});

describe('formatNumber', () => {
  it('trims float noise and trailing zeros', () => {
    expect(formatNumber(400)).toBe('400');
    expect(formatNumber(0.30000000000000004)).toBe('0.3');
    expect(formatNumber(12.34567, 2)).toBe('12.35');
  });
});
