import { describe, expect, it } from 'vitest';
import { needsReverification, parsePendingAction, REVERIFICATION_PRESETS, reverificationParams } from './reverification';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const minutesAgo = (m: number) => (NOW - m * 60_000) / 1000;

describe('re-verification before destructive and billing actions', () => {
  it('has the spec presets (section 9)', () => {
    expect(REVERIFICATION_PRESETS).toEqual({
      strict_mfa: { minutes: 10, factor: 'multi-factor' },
      strict: { minutes: 10, factor: 'second-factor' },
      moderate: { minutes: 60, factor: 'first-factor' },
      lax: { minutes: 1440, factor: 'first-factor' },
    });
  });

  it('asks after 60 minutes by default (moderate), and per preset otherwise', () => {
    expect(needsReverification(minutesAgo(59), NOW)).toBe(false);
    expect(needsReverification(minutesAgo(61), NOW)).toBe(true);
    expect(needsReverification(minutesAgo(11), NOW, 'strict')).toBe(true);
    expect(needsReverification(minutesAgo(9), NOW, 'strict_mfa')).toBe(false);
    expect(needsReverification(minutesAgo(1000), NOW, 'lax')).toBe(false);
  });

  it('asks when the sign-in time is unknown, and asks the provider for a sign-in made now', () => {
    expect(needsReverification(undefined, NOW)).toBe(true);
    expect(needsReverification('1700000000', NOW)).toBe(true);
    expect(reverificationParams()).toEqual({ max_age: 0 });
  });
});

describe('the action that waits for a fresh sign-in', () => {
  it('reads back a delete and a billing portal visit, and nothing else', () => {
    expect(parsePendingAction(JSON.stringify({ kind: 'delete-project', id: 'proj_1' }))).toEqual({ kind: 'delete-project', id: 'proj_1' });
    expect(parsePendingAction(JSON.stringify({ kind: 'billing-portal' }))).toEqual({ kind: 'billing-portal' });
    expect(parsePendingAction(JSON.stringify({ kind: 'delete-project' }))).toBeNull();
    expect(parsePendingAction(JSON.stringify({ kind: 'wipe-everything' }))).toBeNull();
    expect(parsePendingAction('{not json')).toBeNull();
    expect(parsePendingAction('null')).toBeNull();
    expect(parsePendingAction(null)).toBeNull();
  });
});
