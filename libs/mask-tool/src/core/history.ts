// Linear undo history of mask commands (spec section 4, "Mask drawing"). Commands are data, so a
// history can be serialised; undo and redo rebuild the drawing by replaying from a base.
import { HISTORY_LIMIT } from './constants';
import type { BrushStroke, MaskItem, MaskPath } from './types';

export type MaskCommand =
  | { readonly type: 'addBrushStroke'; readonly data: BrushStroke; readonly description: string }
  | { readonly type: 'addPath'; readonly data: MaskPath; readonly description: string }
  | { readonly type: 'newPath'; readonly data: MaskPath; readonly description: string }
  | { readonly type: 'clearAll'; readonly data: null; readonly description: string };

export type MaskCommandType = MaskCommand['type'];

export interface MaskHistory {
  /** What the drawing was before the first kept command (absorbs commands dropped over the limit). */
  readonly base: readonly MaskItem[];
  readonly commands: readonly MaskCommand[];
  /** Index of the last applied command; -1 when none is applied. */
  readonly index: number;
}

/** An empty history over an optional starting drawing. */
export function emptyHistory(base: readonly MaskItem[] = []): MaskHistory {
  return { base, commands: [], index: -1 };
}

/** The drawing after one command (the command's execute). */
export function applyCommand(items: readonly MaskItem[], command: MaskCommand): readonly MaskItem[] {
  switch (command.type) {
    case 'addBrushStroke':
      return [...items, { kind: 'stroke', stroke: command.data }];
    case 'addPath':
    case 'newPath':
      return [...items, { kind: 'path', path: command.data }];
    case 'clearAll':
      return [];
  }
}

/** Appends a command: drops redo entries, keeps at most HISTORY_LIMIT, folds the oldest into the base. */
export function pushCommand(history: MaskHistory, command: MaskCommand, limit = HISTORY_LIMIT): MaskHistory {
  if (command.type === 'clearAll') {
    // Clear all replaces the whole history with itself: nothing before it can come back.
    return { base: [], commands: [command], index: 0 };
  }
  const commands = [...history.commands.slice(0, history.index + 1), command];
  let base = history.base;
  while (commands.length > limit) {
    const dropped = commands.shift();
    if (dropped) base = applyCommand(base, dropped);
  }
  return { base, commands, index: commands.length - 1 };
}

export function canUndo(history: MaskHistory): boolean {
  return history.index >= 0;
}

export function canRedo(history: MaskHistory): boolean {
  return history.index < history.commands.length - 1;
}

/** Moves the index back one (no-op when nothing to undo). */
export function undo(history: MaskHistory): MaskHistory {
  return canUndo(history) ? { ...history, index: history.index - 1 } : history;
}

/** Moves the index forward one (no-op when nothing to redo). */
export function redo(history: MaskHistory): MaskHistory {
  return canRedo(history) ? { ...history, index: history.index + 1 } : history;
}

/** The drawing the history describes: the base with commands 0..index applied. */
export function rebuildItems(history: MaskHistory): readonly MaskItem[] {
  let items = history.base;
  for (let i = 0; i <= history.index; i++) {
    const command = history.commands[i];
    if (command) items = applyCommand(items, command);
  }
  return items;
}
