import type { ProjectJson } from '@beamstage/layers';
import { useCallback } from 'react';
import type { useApi } from '../auth/use-api';
import type { LocalProjects } from '../services/project-persistence';
import { isLocalProjectId } from '../services/local-fallback';
import { keptChangesToast } from '../services/kept-changes';
import { LOCAL_ONLY_STATUS, LOCAL_PROJECT_SAVED_TOAST, SAVE_FAILED_PREFIX, SAVED_LOCALLY_TOAST, saveOrKeepLocal } from '../services/local-save';
import type { EditorStore } from '../state/editor-store';
import { toast } from '../state/ui-store';

/** Said when a project kept only in this browser is published: the projector reads it from the server. */
export const LOCAL_PROJECT_NO_PUBLISH = 'Publishing needs the server: this project is kept in this browser until the server is back';

/** Save and publish for the open project; both report through toasts and the store. */
export function useProjectCommands(projectId: string, store: EditorStore, api: ReturnType<typeof useApi>, local: LocalProjects) {
  const save = useCallback(async () => {
    if (!store.project || store.saving) return;
    store.saving = true;
    try {
      const snapshot = JSON.parse(JSON.stringify(store.project)) as ProjectJson;
      // The server away is no failure: the work is kept in the browser and reaches it later (spec section 4).
      const outcome = await saveOrKeepLocal(snapshot, store.revision, api, local);
      store.dirty = false;
      if (outcome.where === 'local') {
        store.saveNote = LOCAL_ONLY_STATUS;
        toast(isLocalProjectId(projectId) ? LOCAL_PROJECT_SAVED_TOAST : SAVED_LOCALLY_TOAST, 'info');
        return;
      }
      store.revision = outcome.revision ?? store.revision;
      store.lastSaved = outcome.modified;
      store.saveNote = null;
      // A save whose changes a newer server value overrode says which, never a bare "saved".
      const notApplied = keptChangesToast(outcome.kept);
      toast(notApplied ?? 'Project saved', notApplied ? 'error' : 'success');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      store.saveNote = `${SAVE_FAILED_PREFIX}${reason}`;
      toast(reason, 'error');
    } finally {
      store.saving = false;
    }
  }, [api, local, store, projectId]);

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
