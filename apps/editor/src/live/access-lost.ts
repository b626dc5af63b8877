import type { ConnectionState } from '@beamstage/sync';

/**
 * Why the open project is out of reach for good: the owner removed this member, or deleted the
 * project. The server closes the sockets on purpose with that reason and then refuses the retry's
 * ticket (libs/sync ConnectionState.closedBy); from then on nothing this page holds can reach the
 * server, so the editor says so once and stops offering saves and retries.
 */
export type AccessLost = 'removed' | 'deleted';

/** The server's close reasons (apps/api members and delete routes) that end this user's access. */
const CLOSED_BY: Readonly<Record<string, AccessLost>> = { 'member removed': 'removed', 'project deleted': 'deleted' };

/** The lost access a connection state means, or null (any other state, a refusal that followed no such close included). */
export function accessLostFrom(state: ConnectionState): AccessLost | null {
  if (state.status !== 'error' || state.retrying === true || !state.closedBy) return null;
  return CLOSED_BY[state.closedBy] ?? null;
}

/** The notice's title. */
export const ACCESS_LOST_TITLE: Readonly<Record<AccessLost, string>> = {
  removed: 'You no longer have access to this project',
  deleted: 'This project was deleted',
};

/** What happened, and what it means for what is on the screen. */
export const ACCESS_LOST_TEXT: Readonly<Record<AccessLost, string>> = {
  removed: 'The owner removed you from this project. You can still look at it here, but nothing you change can be saved to it.',
  deleted: 'The owner deleted this project while you had it open. You can still look at it here, but nothing can be saved to it.',
};

/** Added when this browser held edits the server had not stored when access ended. */
export const ACCESS_LOST_UNSENT = 'Your last changes had not reached the server and are not saved.';

/** The top bar's save line from then on (instead of "Unsaved changes" or "Saved"). */
export const ACCESS_LOST_STATUS: Readonly<Record<AccessLost, string>> = {
  removed: 'No access: not saved',
  deleted: 'Deleted: not saved',
};
