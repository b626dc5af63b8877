import { isTypingTarget } from './typing';
import type { Action } from './action';
import type { ActionRegistry } from './registry';
import type { KeyLike } from './shortcut';

/** A key event as the dispatcher reads it (a DOM KeyboardEvent fits). */
export interface KeyEventLike extends KeyLike {
  target: EventTarget | null;
  repeat?: boolean;
  preventDefault(): void;
}

export type KeyOutcome = 'performed' | 'blocked' | 'ignored';

const runsWhileTyping = <C>(action: Action<C>, target: EventTarget | null) =>
  typeof action.whileTyping === 'function' ? action.whileTyping(target) : action.whileTyping === true;

/**
 * The one keyboard handler of the editor: finds the action a key means and performs it if enabled.
 * Keys are ignored while typing, except actions that say otherwise (save, palette). A chord with
 * Ctrl/Cmd that names an action never reaches the browser (Ctrl+D would bookmark, Ctrl+S save the
 * page, Ctrl+E focus the address bar), even when the action is disabled right now.
 * `isTyping` is injectable so tests need no DOM.
 */
export function dispatchKey<C>(
  registry: ActionRegistry<C>,
  event: KeyEventLike,
  ctx: C,
  mac: boolean,
  isTyping: (target: EventTarget | null) => boolean = isTypingTarget,
): KeyOutcome {
  const action = registry.forKey(event, mac);
  if (!action) return 'ignored';
  const chord = event.ctrlKey || event.metaKey;
  const typing = isTyping(event.target);
  if (typing && !runsWhileTyping(action, event.target)) {
    if (chord && !runsWhileTyping(action, null)) event.preventDefault();
    return chord ? 'blocked' : 'ignored';
  }
  if (!action.enabled(ctx)) {
    if (chord) event.preventDefault();
    return chord ? 'blocked' : 'ignored';
  }
  event.preventDefault();
  void action.perform(ctx);
  return 'performed';
}
