// Saving when the server is away (spec section 4, Project lifecycle). A save writes
// the local copy first and then the server; when the server cannot be reached the work is kept in
// the browser and the status says so, instead of failing: the live document (or the local project)
// carries it to the server when it is back. Any other refusal is a failure with its reason.
import type { ProjectJson } from '@beamstage/layers';
import { ApiError, type KeptChange } from '../api/client';
import { SERVER_UNCONFIRMED } from '../live/checkpoint';
import { isLocalProjectId } from './local-fallback';
import { saveProject } from './project-persistence';
import type { LocalProjects, RemoteProjects } from './project-persistence';

/** The save status while the work is kept only in this browser. */
export const LOCAL_ONLY_STATUS = 'Offline (local only)';
/** The save status after a refused save, followed by the reason. */
export const SAVE_FAILED_PREFIX = 'Save failed: ';
/** Said when a save of a server project could only be kept in the browser. */
export const SAVED_LOCALLY_TOAST = 'Saved in this browser: the server could not be reached. Your work reaches it when it is back';
/** Said when a project that lives only in this browser (local_) is saved. */
export const LOCAL_PROJECT_SAVED_TOAST = 'Saved in this browser: this project moves to the server when it is back';

/** Gateway answers: a proxy in front of a stopped api. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** True when `error` means the server could not be reached (fetch's network TypeError, or a gateway's answer), not that it refused. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && GATEWAY_STATUSES.has(error.status));
}

export type SaveOutcome =
  { readonly where: 'server'; readonly modified: string; readonly revision: number | null; readonly kept: readonly KeptChange[] } | { readonly where: 'local' };

/**
 * Saves `project`: a local_ project only locally; a server project locally and then on the server,
 * falling back to "kept locally" when the server cannot be reached. A refusal (or a local store
 * failure) is thrown to the caller (spec section 4: any failure is rethrown).
 */
export async function saveOrKeepLocal(project: ProjectJson, revision: number | null, remote: RemoteProjects, local: LocalProjects): Promise<SaveOutcome> {
  const id = project.metadata.id || project.id;
  if (isLocalProjectId(id)) {
    await local.put(project);
    return { where: 'local' };
  }
  try {
    const saved = await saveProject(project, revision, remote, local);
    return { where: 'server', modified: saved.modified, revision: saved.revision, kept: saved.kept };
  } catch (error) {
    if (isUnreachable(error)) return { where: 'local' };
    throw error;
  }
}

/**
 * The save line's note, over the usual saved/saving line: "Offline (local only)" while the live
 * document cannot reach the server or the last save was kept locally or not confirmed (until the
 * server has stored the work), or the last save's failure with its reason; null for the usual line.
 */
export function saveNoteFor(input: { note: string | null; liveOffline: boolean; serverSaved: boolean | null }): string | null {
  if (input.liveOffline) return input.note?.startsWith(SAVE_FAILED_PREFIX) ? input.note : LOCAL_ONLY_STATUS;
  // A live save the server had not confirmed in time is over once it has stored everything.
  if ((input.note === LOCAL_ONLY_STATUS || input.note === `${SAVE_FAILED_PREFIX}${SERVER_UNCONFIRMED}`) && input.serverSaved === true) return null;
  return input.note;
}
