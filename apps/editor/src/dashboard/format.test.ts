import { describe, expect, it } from 'vitest';
import { projectHues, relativeTime } from './format';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('relativeTime', () => {
  it('reads like a person would say it', () => {
    expect(relativeTime('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-22T11:59:00Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2026-01-02T12:00:00Z', now)).toBe('Jan 2, 2026');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

describe('projectHues', () => {
  it('is stable per id and differs between ids', () => {
    expect(projectHues('proj_1')).toEqual(projectHues('proj_1'));
    expect(projectHues('proj_1')).not.toEqual(projectHues('proj_2'));
    for (const hue of projectHues('proj_x')) expect(hue).toBeGreaterThanOrEqual(0);
  });
});
