import type { ProjectJson } from '@beamstage/layers';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { ApiError } from '../api/client';
import type { ApiClient } from '../api/client';
import { isLocalProjectId, moveLocalProject, PROJECT_LIMIT_REACHED } from '../services/local-fallback';
import { LOCAL_ONLY_STATUS } from '../services/local-save';
import { browserLocalDb } from '../services/local-projects';
import { logger } from '../services/logger';
import type { EditorStore } from '../state/editor-store';
import { toast } from '../state/ui-store';

/** A local project's edits are written to the browser this long after the last one. */
export const LOCAL_AUTOSAVE_MS = 500;
/** How often a local project tries to move to the server (Retry tries at once). */
export const LOCAL_MOVE_RETRY_MS = 5000;

/** Said when a local project reached the server (the same words as the dashboard's). */
export const movedText = (name: string) => `"${name}" was made offline and is now on the server`;

const snapshotOf = (store: EditorStore) => (store.project ? (JSON.parse(JSON.stringify(store.project)) as ProjectJson) : null);

/**
 * The editor side of a project kept only in this browser (local_{timestamp}, made while the server
 * was away; spec section 4): every edit is written to the browser database (so a reload or a closed
 * tab loses nothing), the save line says "Offline (local only)", and every few seconds (or on Retry)
 * it tries to move to the server as a new project; when that works the editor moves to it.
 */
export function useLocalProject(projectId: string, store: EditorStore, api: ApiClient): void {
  const router = useRouter();
  useEffect(() => {
    if (!isLocalProjectId(projectId)) return;
    let stopped = false;
    // Once on the server the local copy is gone: nothing may write it back.
    let moved = false;
    let moving = false;
    let limitShown = false;
    let autosave: number | null = null;

    const writeLocal = async () => {
      const project = snapshotOf(store);
      if (!project || moved) return;
      await (await browserLocalDb()).putProject(project, new Date().toISOString());
      store.dirty = false;
      store.saveNote = LOCAL_ONLY_STATUS;
    };
    const stopWatching = subscribe(store, (ops) => {
      if (!ops.some((op) => op[1][0] === 'project')) return;
      if (autosave !== null) window.clearTimeout(autosave);
      autosave = window.setTimeout(
        () => void writeLocal().catch((error: unknown) => logger('assets').error('The local project could not be written', error)),
        LOCAL_AUTOSAVE_MS,
      );
    });

    const tryMove = async () => {
      if (moving || stopped || !store.project) return;
      moving = true;
      try {
        await writeLocal();
        const project = snapshotOf(store);
        if (!project || stopped) return;
        const to = await moveLocalProject(projectId, project, api, await browserLocalDb(), Date.now());
        moved = true;
        store.dirty = false;
        toast(movedText(project.metadata.name), 'success');
        await router.navigate({ to: '/editor/$id', params: { id: to }, replace: true });
      } catch (error) {
        // Still away: try again later. A full plan is said once; the project stays here meanwhile.
        if (error instanceof ApiError && error.status === 403 && error.message === PROJECT_LIMIT_REACHED && !limitShown) {
          limitShown = true;
          toast(`${PROJECT_LIMIT_REACHED}: this project stays in this browser until you delete one on the server or change plan`, 'error');
        }
      } finally {
        moving = false;
      }
    };
    const timer = window.setInterval(() => void tryMove(), LOCAL_MOVE_RETRY_MS);
    // "Retry" on the live line asks now.
    const stopRetry = subscribe(store, (ops) => {
      if (ops.some((op) => op[1][0] === 'liveRetry')) void tryMove();
    });
    store.saveNote = LOCAL_ONLY_STATUS;
    return () => {
      stopped = true;
      stopWatching();
      stopRetry();
      window.clearInterval(timer);
      if (autosave !== null) {
        window.clearTimeout(autosave);
        void writeLocal().catch(() => undefined);
      }
    };
  }, [projectId, store, api, router]);
}
