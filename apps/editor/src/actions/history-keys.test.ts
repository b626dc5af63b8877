import { describe, expect, it } from 'vitest';
import { historyShortcut, keepsOwnUndo } from './history-keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('history shortcuts (spec section 9)', () => {
  it('Ctrl/Cmd+Z undoes; Ctrl+Y and Ctrl/Cmd+Shift+Z redo; anything else is not history', () => {
    expect(historyShortcut(key('z', { ctrlKey: true }))).toBe('undo');
    expect(historyShortcut(key('z', { metaKey: true }))).toBe('undo');
    expect(historyShortcut(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(historyShortcut(key('y', { ctrlKey: true }))).toBe('redo');
    expect(historyShortcut(key('z'))).toBeNull();
    expect(historyShortcut(key('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(historyShortcut(key('s', { ctrlKey: true }))).toBeNull();
  });

  it('text fields keep their own undo; sliders, checkboxes and the page do not', () => {
    // A stand-in element (the unit tests run without a DOM): closest() matches its own tag only.
    const make = (tag: string, type?: string) => {
      const el = {
        isContentEditable: false,
        getAttribute: (name: string) => (name === 'type' ? (type ?? null) : null),
        closest: (selector: string) => (selector.split(',').some((s) => s.trim() === tag) ? el : null),
        matches: (selector: string) => selector === tag,
      };
      return el as unknown as HTMLElement;
    };
    expect(keepsOwnUndo(make('input'))).toBe(true);
    expect(keepsOwnUndo(make('input', 'number'))).toBe(true);
    expect(keepsOwnUndo(make('textarea'))).toBe(true);
    expect(keepsOwnUndo(make('input', 'range'))).toBe(false);
    expect(keepsOwnUndo(make('input', 'checkbox'))).toBe(false);
    expect(keepsOwnUndo(make('div'))).toBe(false);
    expect(keepsOwnUndo(null)).toBe(false);
  });
});
