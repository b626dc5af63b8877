import type { ProjectSummary } from '../api/client';

/**
 * What a project card offers for the user's role, exactly as the api permits it
 * (apps/api/src/routes/api/projects): a rename is a `POST /projects/update` (an editor's write),
 * delete is the owner's alone, and a member may remove themself (`DELETE /projects/members`:
 * leaving) instead. Duplicate needs read access only, so every role has it.
 */
export interface CardActions {
  readonly rename: boolean;
  readonly duplicate: boolean;
  readonly delete: boolean;
  readonly leave: boolean;
}

export function cardActions(role: ProjectSummary['role']): CardActions {
  return { rename: role === 'owner' || role === 'editor', duplicate: true, delete: role === 'owner', leave: role === 'editor' || role === 'viewer' };
}

/** The confirmation before leaving a shared project from its card (the Share dialog's own words). */
export const leaveQuestion = (name: string): string => `Leave "${name}"? You lose access until the owner adds you again.`;
/** Said once the member has left (as the Share dialog's Leave says it). */
export const leftToast = (name: string): string => `You left ${name}`;
