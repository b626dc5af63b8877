import type { ToastTone } from '../state/ui-store';

/** What a sync ticket lets this editor do in the room. */
export type RoomMode = 'read-write' | 'read-only';

/** Told once when a reconnect's ticket is read-only where the last one was not (demoted to viewer). */
export const ROLE_VIEW_ONLY_TOAST = 'Your role in this project changed: you can now view it only';
/** Added to the view-only toast when this device holds changes the server has not confirmed. */
export const ROLE_UNSENT_KEPT = 'Changes that did not reach the server are kept on this device and are sent if you can edit again';
/** Told once when a reconnect's ticket is read-write where the last one was read-only (promoted). */
export const ROLE_EDIT_AGAIN_TOAST = 'You can edit this project again';

export interface RoleDecision {
  /** The editor's view-only state from now on. */
  viewOnly: boolean;
  /** What to tell the user, if anything. */
  toast: { text: string; tone: ToastTone } | null;
}

/**
 * What a ticket's mode means for the open editor. Every ticket carries the mode, and a member whose
 * role changes while connected is closed by the server ("role changed") and reconnects with the new
 * one: each ticket is applied, not only the first. The first ticket (`previous` null) sets the state
 * silently, as opening the project does; a change is told once. `unsentHere` (the document holds
 * changes the server has not confirmed) adds that those changes stay on this device: a read-only
 * socket sends no change, so they reach the server only if the role comes back.
 */
export function decideRoleChange(previous: RoomMode | null, next: RoomMode, unsentHere: boolean): RoleDecision {
  const viewOnly = next === 'read-only';
  if (previous === null || previous === next) return { viewOnly, toast: null };
  if (viewOnly)
    return {
      viewOnly,
      toast: unsentHere ? { text: `${ROLE_VIEW_ONLY_TOAST}. ${ROLE_UNSENT_KEPT}`, tone: 'error' } : { text: ROLE_VIEW_ONLY_TOAST, tone: 'info' },
    };
  return { viewOnly, toast: { text: ROLE_EDIT_AGAIN_TOAST, tone: 'success' } };
}
