// The Save command (Ctrl+S, the Save button) for the open project (spec section 4: the save writes
// locally, then to the server; any failure is rethrown, here as the status line and a toast).
// With the live document open a save is a checkpoint (live/checkpoint.ts): sync has carried every
// change, so the project is not sent again; without it the project goes over REST, and a save
// whose answer kept newer server values adopts them so the next save cannot undo them.
import { migrateProject } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';
import type { Clock } from '@beamstage/timeline';
import { revisionOf } from '../api/client';
import { awaitServerStored, SERVER_UNCONFIRMED, type StoredAnswer } from '../live/checkpoint';
import type { EditorStore } from '../state/editor-store';
import { keptChangesToast } from './kept-changes';
import { isLocalProjectId } from './local-fallback';
import { LOCAL_ONLY_STATUS, LOCAL_PROJECT_SAVED_TOAST, SAVE_FAILED_PREFIX, SAVED_LOCALLY_TOAST, saveOrKeepLocal, type SaveOutcome } from './local-save';
import type { LocalProjects, RemoteProjects } from './project-persistence';

/** The toast of a save that reached the server (stored there, as the server confirmed). */
export const PROJECT_SAVED_TOAST = 'Project saved';

/** What the save command needs of the live session. */
export interface SaveLive {
  restMark(): number;
  /** REST-copy edits made since `mark` (edits during a save leave the project unsaved). */
  restEditsSince(mark: number): number;
  /** A REST save that took `mark` reached the server: its edits no longer wait for the live document. */
  restSaved(mark: number): void;
  adoptSaved(server: ProjectJson, mark: number): void;
}

export interface SaveCommandDeps {
  projectId: string;
  store: EditorStore;
  live: SaveLive;
  remote: RemoteProjects;
  local: LocalProjects;
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout' | 'wallNow'>;
  toast(text: string, tone: 'info' | 'success' | 'error'): void;
  /** How long a live save waits for the server's confirmation (live/checkpoint.ts's default when absent). */
  checkpointTimeoutMs?: number;
  /** Told when the server's copy could not be read after a save that kept some of its values. */
  onAdoptFailed?(error: unknown): void;
}

/**
 * A live save: the local copy (with the revision it is based on, as a REST save writes it), then
 * the server's confirmation that the document is stored. Answers null when the live document went
 * away meanwhile (the caller saves over REST); throws when the confirmation did not come in time.
 */
export async function saveCheckpoint(
  project: ProjectJson,
  revision: number | null,
  local: LocalProjects,
  stored: () => Promise<StoredAnswer>,
  now: () => number,
): Promise<SaveOutcome | null> {
  const id = project.metadata.id || project.id;
  await local.put(project);
  // Best effort, as in a REST save: the revision store failing must not stop a save.
  await local.putRevision(id, revision).catch(() => undefined);
  const answer = await stored();
  if (answer === 'detached') return null;
  if (answer === 'offline') return { where: 'local' };
  if (answer === 'timeout') throw new Error(SERVER_UNCONFIRMED);
  // The server keeps no separate "modified" for a checkpoint (its row follows the document): the
  // confirmation's time is when this save knew the work stored.
  return { where: 'server', modified: new Date(now()).toISOString(), revision: null, kept: [] };
}

/** Builds the save command; its calls report through the store's save fields and toasts. */
export function createSaveCommand(deps: SaveCommandDeps): () => Promise<void> {
  const { store, live, remote, local, projectId } = deps;

  /** A REST save (no live document): the whole project as a change from the store's revision. */
  const restSave = async (snapshot: ProjectJson, mark: number): Promise<SaveOutcome> => {
    const outcome = await saveOrKeepLocal(snapshot, store.revision, remote, local);
    if (outcome.where !== 'server' || outcome.kept.length === 0) return outcome;
    // Replayed on the live document when it opens, a kept edit would write over the server's value
    // after all. (A save that applied everything leaves the queue be: replaying it changes nothing,
    // and it still shows the edits should the document open from an older copy in this browser.)
    live.restSaved(mark);
    return adoptKept(outcome, mark);
  };

  /**
   * The answer kept newer server values: the editor takes the server's document (with its own
   * edits made since the snapshot run on it again), so its next save, from the new revision, does
   * not write the old values over them. When the server's copy cannot be read the revision stays
   * the old one: the next save is then again a change from before the kept values, and they stay.
   */
  const adoptKept = async (outcome: Extract<SaveOutcome, { where: 'server' }>, mark: number): Promise<SaveOutcome> => {
    try {
      const body = await remote.getProject(projectId);
      const { project } = migrateProject(body);
      live.adoptSaved(project, mark);
      const revision = revisionOf(body) ?? outcome.revision;
      // The local copy is what the editor now holds, computed from the server's revision.
      if (store.project) await local.put(JSON.parse(JSON.stringify(store.project)) as ProjectJson).catch(() => undefined);
      await local.putRevision(projectId, revision).catch(() => undefined);
      return { ...outcome, revision };
    } catch (error) {
      deps.onAdoptFailed?.(error);
      return { ...outcome, revision: store.revision };
    }
  };

  return async () => {
    if (!store.project || store.saving) return;
    store.saving = true;
    try {
      const snapshot = JSON.parse(JSON.stringify(store.project)) as ProjectJson;
      const mark = live.restMark();
      const isLive = store.docReady && store.liveUnavailable === null;
      const checkpoint = isLive
        ? await saveCheckpoint(
            snapshot,
            store.revision,
            local,
            () => awaitServerStored(store, deps.clock, deps.checkpointTimeoutMs),
            () => deps.clock.wallNow(),
          )
        : null;
      // The server away is no failure: the work is kept in the browser and reaches it later (spec section 4).
      const outcome = checkpoint ?? (await restSave(snapshot, mark));
      // Edits made on the REST copy while the save ran are not in it: they stay unsaved.
      store.dirty = !isLive && live.restEditsSince(mark) > 0;
      if (outcome.where === 'local') {
        store.saveNote = LOCAL_ONLY_STATUS;
        deps.toast(isLocalProjectId(projectId) ? LOCAL_PROJECT_SAVED_TOAST : SAVED_LOCALLY_TOAST, 'info');
        return;
      }
      store.revision = outcome.revision ?? store.revision;
      store.lastSaved = outcome.modified;
      store.saveNote = null;
      // A save whose changes a newer server value overrode says which, never a bare "saved".
      const notApplied = keptChangesToast(outcome.kept);
      deps.toast(notApplied ?? PROJECT_SAVED_TOAST, notApplied ? 'error' : 'success');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      store.saveNote = `${SAVE_FAILED_PREFIX}${reason}`;
      deps.toast(reason, 'error');
    } finally {
      store.saving = false;
    }
  };
}
