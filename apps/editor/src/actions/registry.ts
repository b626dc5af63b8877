import type { Action } from './action';
import { chordOf, matchesShortcut, parseShortcut } from './shortcut';
import type { KeyLike } from './shortcut';

/** The one list of actions, looked up by id, by key event, or searched by the palette. */
export interface ActionRegistry<C> {
  readonly actions: readonly Action<C>[];
  get(id: string): Action<C> | undefined;
  /** The action a key event means (enabled or not), or undefined. */
  forKey(event: KeyLike, mac: boolean): Action<C> | undefined;
  /** The palette's search: every word of the query in the label, group or keywords. */
  search(query: string): Action<C>[];
}

/**
 * Builds the registry and refuses a broken table at start: duplicate ids, malformed shortcuts,
 * and two actions on one chord (on either platform) are programming errors, not run-time surprises.
 */
export function createActionRegistry<C>(actions: readonly Action<C>[]): ActionRegistry<C> {
  const byId = new Map<string, Action<C>>();
  for (const action of actions) {
    if (byId.has(action.id)) throw new Error(`Duplicate action id "${action.id}"`);
    byId.set(action.id, action);
  }
  for (const mac of [false, true]) {
    const owner = new Map<string, string>();
    for (const action of actions) {
      for (const shortcut of action.shortcuts ?? []) {
        parseShortcut(shortcut);
        const chord = chordOf(shortcut, mac);
        const other = owner.get(chord);
        if (other && other !== action.id) throw new Error(`Shortcut "${shortcut}" is used by both "${other}" and "${action.id}"`);
        owner.set(chord, action.id);
      }
    }
  }
  const parsed = actions.map((action) => ({ action, shortcuts: (action.shortcuts ?? []).map(parseShortcut) }));
  return {
    actions,
    get: (id) => byId.get(id),
    forKey: (event, mac) => parsed.find((p) => p.shortcuts.some((s) => matchesShortcut(s, event, mac)))?.action,
    search: (query) => {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      const found = actions.filter((a) => {
        if (a.hiddenInPalette) return false;
        const hay = `${a.label} ${a.group} ${(a.keywords ?? []).join(' ')}`.toLowerCase();
        return words.every((w) => hay.includes(w));
      });
      // Actions whose label says it come before those found by a keyword: "share" highlights Share,
      // not Publish (keyword "share"), so Enter runs what was typed. The sort is stable.
      const byLabel = (a: Action<C>) => (words.every((w) => a.label.toLowerCase().includes(w)) ? 0 : 1);
      return found.sort((a, b) => byLabel(a) - byLabel(b));
    },
  };
}
