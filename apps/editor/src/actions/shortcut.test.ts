import { describe, expect, it } from 'vitest';
import { chordOf, formatShortcut, matchesShortcut, parseShortcut } from './shortcut';

const key = (k: string, mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {}) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe('shortcuts', () => {
  it('parses modifiers and keys, and refuses typos', () => {
    expect(parseShortcut('Mod+Shift+Z')).toEqual({ mod: true, ctrl: false, shift: true, alt: false, key: 'z' });
    expect(parseShortcut('F2').key).toBe('F2');
    expect(parseShortcut('Mod++').key).toBe('+');
    expect(() => parseShortcut('Cmnd+Z')).toThrow(/Unknown modifier/);
  });

  it('Mod is Ctrl off a Mac and Cmd on one; Ctrl is Ctrl everywhere', () => {
    expect(matchesShortcut('Mod+D', key('d', { ctrl: true }), false)).toBe(true);
    expect(matchesShortcut('Mod+D', key('d', { meta: true }), false)).toBe(false);
    expect(matchesShortcut('Mod+D', key('d', { meta: true }), true)).toBe(true);
    expect(matchesShortcut('Ctrl+Y', key('y', { ctrl: true }), true)).toBe(true);
  });

  it('matches Shift exactly for letters and arrows, and ignores it for symbols', () => {
    expect(matchesShortcut('Mod+Z', key('Z', { ctrl: true, shift: true }), false)).toBe(false);
    expect(matchesShortcut('Mod+Shift+Z', key('Z', { ctrl: true, shift: true }), false)).toBe(true);
    expect(matchesShortcut('ArrowLeft', key('ArrowLeft', { shift: true }), false)).toBe(false);
    expect(matchesShortcut('Shift+ArrowLeft', key('ArrowLeft', { shift: true }), false)).toBe(true);
    expect(matchesShortcut('?', key('?', { shift: true }), false)).toBe(true);
    expect(matchesShortcut('E', key('e', { alt: true }), false)).toBe(false);
  });

  it('formats for people on each platform', () => {
    expect(formatShortcut('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(formatShortcut('Mod+Shift+Z', true)).toBe('⇧⌘Z');
    expect(formatShortcut('Alt+ArrowUp', false)).toBe('Alt+↑');
    expect(formatShortcut('Delete', false)).toBe('Delete');
  });

  it('gives one chord identity per physical key combination', () => {
    expect(chordOf('Mod+D', false)).toBe(chordOf('Ctrl+D', false));
    expect(chordOf('Mod+D', true)).not.toBe(chordOf('Ctrl+D', true));
  });
});
