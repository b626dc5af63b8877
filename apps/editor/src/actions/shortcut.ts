/**
 * Keyboard shortcuts as data: 'Mod+Shift+Z', 'F2', 'ArrowLeft', 'Alt+ArrowUp', '?'.
 * `Mod` is Ctrl, or Cmd on a Mac; `Ctrl` is Ctrl on every platform (spec: Ctrl+Y redoes everywhere).
 * Letters are matched case-insensitively; a printable symbol such as '?' ignores Shift, because the
 * symbol already says which key was pressed with it.
 */
export type Shortcut = string;

export interface ParsedShortcut {
  readonly mod: boolean;
  readonly ctrl: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
  /** The key as KeyboardEvent.key names it, lower case for letters. */
  readonly key: string;
}

/** The parts of a KeyboardEvent a shortcut reads (so tests need no DOM). */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const MODIFIERS = new Set(['mod', 'ctrl', 'shift', 'alt']);

/** Parses 'Mod+Shift+Z'; throws on an empty key or an unknown modifier (a typo in an action table). */
export function parseShortcut(shortcut: Shortcut): ParsedShortcut {
  // '+' alone is a key; split on '+' only between parts.
  const parts = shortcut === '+' ? ['+'] : shortcut.split(/\+(?=.)/);
  const key = parts.pop() ?? '';
  if (!key) throw new Error(`Empty shortcut key in "${shortcut}"`);
  const mods = parts.map((p) => p.toLowerCase());
  for (const m of mods) if (!MODIFIERS.has(m)) throw new Error(`Unknown modifier "${m}" in "${shortcut}"`);
  return {
    mod: mods.includes('mod'),
    ctrl: mods.includes('ctrl'),
    shift: mods.includes('shift'),
    alt: mods.includes('alt'),
    key: key.length === 1 ? key.toLowerCase() : key,
  };
}

const isLetterOrDigit = (key: string) => /^[a-z0-9]$/i.test(key);

/** Whether a key event is this shortcut. `mac` decides what Mod means. */
export function matchesShortcut(shortcut: Shortcut | ParsedShortcut, event: KeyLike, mac: boolean): boolean {
  const s = typeof shortcut === 'string' ? parseShortcut(shortcut) : shortcut;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key !== s.key) return false;
  const wantCtrl = s.ctrl || (s.mod && !mac);
  const wantMeta = s.mod && mac;
  if (event.ctrlKey !== wantCtrl || event.metaKey !== wantMeta || event.altKey !== s.alt) return false;
  // A symbol typed with Shift ('?' is Shift+/) matches without naming Shift.
  if (s.key.length === 1 && !isLetterOrDigit(s.key) && !s.shift) return true;
  return event.shiftKey === s.shift;
}

const KEY_LABELS: Readonly<Record<string, string>> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Delete: 'Delete',
  Backspace: 'Backspace',
  Escape: 'Esc',
  Enter: 'Enter',
  ' ': 'Space',
};

/** The shortcut as people read it: 'Ctrl+Shift+Z' (or '⌘⇧Z' on a Mac). */
export function formatShortcut(shortcut: Shortcut, mac: boolean): string {
  const s = parseShortcut(shortcut);
  const key = KEY_LABELS[s.key] ?? (s.key.length === 1 ? s.key.toUpperCase() : s.key);
  if (mac) return `${s.ctrl ? '⌃' : ''}${s.alt ? '⌥' : ''}${s.shift ? '⇧' : ''}${s.mod ? '⌘' : ''}${key}`;
  return [s.mod || s.ctrl ? 'Ctrl' : '', s.shift ? 'Shift' : '', s.alt ? 'Alt' : '', key].filter(Boolean).join('+');
}

/** A stable identity for collision checks: the same physical chord gives the same string on a platform. */
export function chordOf(shortcut: Shortcut, mac: boolean): string {
  const s = parseShortcut(shortcut);
  const ctrl = s.ctrl || (s.mod && !mac);
  const meta = s.mod && mac;
  return `${ctrl ? 'C' : ''}${meta ? 'M' : ''}${s.alt ? 'A' : ''}${s.shift ? 'S' : ''}:${s.key}`;
}

/** Whether this platform's Mod key is Cmd. */
export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}
