import { isTypingTarget } from './typing';

/** The key events that mean undo or redo (spec section 9): Ctrl/Cmd+Z; Ctrl+Y or Ctrl/Cmd+Shift+Z. */
export interface HistoryKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function historyShortcut(event: HistoryKey): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/**
 * Whether the focus is in a field that has its own undo while typing (text inputs, text areas,
 * editable content). Sliders and checkboxes have none: the editor's undo works there.
 */
export function keepsOwnUndo(target: EventTarget | null): boolean {
  if (!isTypingTarget(target)) return false;
  const field = (target as HTMLElement).closest('input, select');
  if (field === null) return true; // a text area or editable content
  return field.matches('input') && TEXT_INPUT_TYPES.has((field.getAttribute('type') ?? 'text').toLowerCase());
}
