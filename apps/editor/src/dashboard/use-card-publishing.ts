import { useCallback, useState } from 'react';
import type { ApiClient, ProjectSummary } from '../api/client';
import { toast } from '../state/ui-store';
import { projectorLink } from './projector-link';

/** Changes one listed project in place (the card's badge follows without a reload). */
export type PatchProject = (id: string, patch: Partial<ProjectSummary>) => void;

/**
 * Publish, unpublish and "Copy projector link" from a dashboard card. Publishing is the editor's
 * Publish switch's call (live as the project's own setting asks, on by default); a refusal shows
 * the api's message and the card keeps its state.
 */
export function useCardPublishing(api: Pick<ApiClient, 'publish' | 'unpublish'>, patchProject: PatchProject) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const mark = (id: string, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const togglePublish = useCallback(
    async (project: ProjectSummary) => {
      const next = !project.isPublic;
      mark(project.id, true);
      try {
        if (next) {
          const answer = (await api.publish(project.id, project.syncEnabled ?? true)) as { realtime?: unknown } | null;
          const realtime = answer?.realtime === true;
          // The server records the choice as the project's live setting too.
          patchProject(project.id, { isPublic: true, realtime, syncEnabled: realtime });
        } else {
          await api.unpublish(project.id);
          patchProject(project.id, { isPublic: false, realtime: false });
        }
        toast(next ? 'Published: the projector link works without signing in' : 'Unpublished', 'success');
      } catch (error) {
        toast(error instanceof Error ? error.message : String(error), 'error');
      } finally {
        mark(project.id, false);
      }
    },
    [api, patchProject],
  );

  const copyLink = useCallback(async (project: ProjectSummary) => {
    const url = projectorLink(window.location.origin, project.id);
    try {
      await navigator.clipboard.writeText(url);
      toast(`Projector link copied: ${url}`, 'success');
    } catch (error) {
      // No clipboard permission (or an insecure origin): the address is still given to copy by hand.
      toast(`The link could not be copied (${error instanceof Error ? error.message : String(error)}): ${url}`, 'error');
    }
  }, []);

  return { publishing: busy, togglePublish, copyLink };
}
