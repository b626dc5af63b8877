import { describe, expect, it } from 'vitest';
import { colorForUser, initialsOf, PRESENCE_COLORS } from './presence-view';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('grace brewster murray hopper')).toBe('GH');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
  });
  it('uses two letters of a single word, skips punctuation, and falls back to ?', () => {
    expect(initialsOf('demo')).toBe('DE');
    expect(initialsOf('<img src=x>')).toBe('IS');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('!!!')).toBe('?');
  });
});

describe('colorForUser', () => {
  it('is stable per user and one of the palette colours', () => {
    expect(colorForUser('auth0|abc')).toBe(colorForUser('auth0|abc'));
    expect(PRESENCE_COLORS).toContain(colorForUser('auth0|abc'));
    const spread = new Set(Array.from({ length: 40 }, (_, i) => colorForUser(`user-${i}`)));
    expect(spread.size).toBeGreaterThan(4);
  });
});
