import { useBlocker } from '@tanstack/react-router';
import type { EditorStore } from '../state/editor-store';

/** The question asked before leaving with changes only this page holds (the in-page twin of beforeunload). */
export const LEAVE_UNSAVED_QUESTION = 'Leave this project? Changes that are not saved yet will be lost.';

/**
 * Whether leaving the editor for `nextPath` in the page must be confirmed: only with unsaved changes
 * (edits queued before the live document opened, or a project without live editing), and not when
 * the editor follows its own project to a new address (a local_ project moved to the server).
 */
export function leaveNeedsConfirmation(dirty: boolean, nextPath: string): boolean {
  return dirty && !nextPath.startsWith('/editor/');
}

/**
 * Links between the studio's pages move in the page (shell/spa-links.ts), where the browser's
 * beforeunload prompt never comes: the same question is asked here instead.
 */
export function useLeaveGuard(store: Pick<EditorStore, 'dirty'>, confirm: (question: string) => boolean = (q) => window.confirm(q)): void {
  useBlocker({
    shouldBlockFn: ({ next }) => leaveNeedsConfirmation(store.dirty, next.pathname) && !confirm(LEAVE_UNSAVED_QUESTION),
    enableBeforeUnload: false,
  });
}
