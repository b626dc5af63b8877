import type { Action } from './action';
import type { EditorContext } from './context';

/** The tooltip of every control a view-only user cannot use, and the one toast their write keys get. */
export const VIEW_ONLY_TITLE = 'View only: ask the owner for edit access';

/**
 * The one place where "view only" disables actions: every action not marked `viewer` is disabled
 * while the project is view-only for us (a viewer, or a member whose access ended), and says why.
 * Buttons, menus, the palette and the keyboard all read `enabled`, so none checks the role itself.
 * The store's `viewOnly` (set by the live session from the room's answer) is the one source.
 */
export function gateForViewers(action: Action<EditorContext>): Action<EditorContext> {
  if (action.viewer) return action;
  return {
    ...action,
    enabled: (ctx) => !ctx.store.viewOnly && action.enabled(ctx),
    disabledReason: (ctx) => (ctx.store.viewOnly ? VIEW_ONLY_TITLE : (action.disabledReason?.(ctx) ?? null)),
  };
}

/**
 * What a view-only user's key for a write action shows: nothing but, once per page, a gentle toast
 * with the reason (the key itself did nothing: the gate disabled its action). Keys pressed while
 * typing stay silent. Answers whether it told.
 */
export function createViewOnlyNotice(): (action: Action<EditorContext> | undefined, ctx: EditorContext, typing: boolean) => boolean {
  let told = false;
  return (action, ctx, typing) => {
    if (told || typing || !action || action.viewer || !ctx.store.viewOnly) return false;
    told = true;
    ctx.toast(VIEW_ONLY_TITLE, 'info');
    return true;
  };
}
