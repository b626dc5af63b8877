import type { ProjectJson } from '@beamstage/layers';
import { useCallback } from 'react';
import type { useApi } from '../auth/use-api';
import type { LocalProjects } from '../services/project-persistence';
import { saveProject } from '../services/project-persistence';
import type { EditorStore } from '../state/editor-store';
import { toast } from '../state/ui-store';

/** Save and publish for the open project; both report through toasts and the store. */
export function useProjectCommands(projectId: string, store: EditorStore, api: ReturnType<typeof useApi>, local: LocalProjects) {
  const save = useCallback(async () => {
    if (!store.project || store.saving) return;
    store.saving = true;
    try {
      const snapshot = JSON.parse(JSON.stringify(store.project)) as ProjectJson;
      const { modified, revision } = await saveProject(snapshot, store.revision, api, local);
      store.revision = revision ?? store.revision;
      store.lastSaved = modified;
      store.dirty = false;
      toast('Project saved', 'success');
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      store.saving = false;
    }
  }, [api, local, store]);

  const togglePublish = useCallback(async () => {
    if (!store.project) return;
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
