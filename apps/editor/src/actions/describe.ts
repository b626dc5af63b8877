import { ACTION_GROUP_LABELS } from './action';
import type { Action, ActionGroup } from './action';
import { formatShortcut } from './shortcut';

/**
 * A tooltip: the label plus its first shortcut, 'Duplicate (Ctrl+D)'; given the context, also why
 * the action cannot run now, 'Duplicate (Ctrl+D) — View only: ask the owner for edit access'.
 */
export function tooltipOf<C>(action: Action<C>, mac: boolean, ctx?: C): string {
  const first = action.shortcuts?.[0];
  const base = first ? `${action.label} (${formatShortcut(first, mac)})` : action.label;
  const reason = ctx === undefined ? null : (action.disabledReason?.(ctx) ?? null);
  return reason ? `${base} — ${reason}` : base;
}

export interface ShortcutRow {
  readonly id: string;
  readonly label: string;
  readonly keys: readonly string[];
}

export interface ShortcutSection {
  readonly group: ActionGroup;
  readonly title: string;
  readonly rows: readonly ShortcutRow[];
}

/**
 * The `?` panel and the documentation's table: every action that has a shortcut, by group, so a
 * shortcut can never exist without its help line (they are read from the same table).
 */
export function shortcutSections<C>(actions: readonly Action<C>[], mac: boolean): ShortcutSection[] {
  const sections = new Map<ActionGroup, ShortcutRow[]>();
  for (const action of actions) {
    if (!action.shortcuts?.length) continue;
    const rows = sections.get(action.group) ?? [];
    rows.push({ id: action.id, label: action.label, keys: action.shortcuts.map((s) => formatShortcut(s, mac)) });
    sections.set(action.group, rows);
  }
  return [...sections].map(([group, rows]) => ({ group, title: ACTION_GROUP_LABELS[group], rows }));
}
