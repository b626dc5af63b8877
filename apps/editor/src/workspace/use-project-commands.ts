import { browserClock } from '@beamstage/stage';
import { useCallback, useMemo } from 'react';
import type { useApi } from '../auth/use-api';
import type { LocalProjects } from '../services/project-persistence';
import { isLocalProjectId } from '../services/local-fallback';
import { logger } from '../services/logger';
import { createSaveCommand, type SaveLive } from '../services/save-command';
import type { EditorStore } from '../state/editor-store';
import { toast } from '../state/ui-store';

/** Said when a project kept only in this browser is published: the projector reads it from the server. */
export const LOCAL_PROJECT_NO_PUBLISH = 'Publishing needs the server: this project is kept in this browser until the server is back';

/** Save (services/save-command.ts) and publish for the open project; both report through toasts and the store. */
export function useProjectCommands(projectId: string, store: EditorStore, api: ReturnType<typeof useApi>, local: LocalProjects, live: SaveLive) {
  const save = useMemo(
    () =>
      createSaveCommand({
        projectId,
        store,
        live,
        remote: api,
        local,
        clock: browserClock(),
        toast,
        onAdoptFailed: (error) => logger('sync').warn('The server copy could not be read after a save that kept some of its values', error),
      }),
    [api, local, store, live, projectId],
  );

  const togglePublish = useCallback(async () => {
    if (!store.project) return;
    if (isLocalProjectId(projectId)) return toast(LOCAL_PROJECT_NO_PUBLISH, 'error');
    const next = !store.isPublic;
    store.publishing = true;
    try {
      // Sync is on unless the project turned it off (spec section 4), so the projector link follows live.
      if (next) await api.publish(projectId, store.project.metadata.syncEnabled ?? true);
      else await api.unpublish(projectId);
      store.isPublic = next;
      toast(next ? 'Published: the projector link works without signing in' : 'Unpublished', 'success');
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      store.publishing = false;
    }
  }, [api, projectId, store]);

  return { save, togglePublish };
}
