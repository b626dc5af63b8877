import { migrateProject } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';
import { revisionOf, type KeptChange } from '../api/client';
import { isLocalProjectId } from './local-fallback';

/**
 * The local copy of projects (the spec's `projects` store in the browser database), with the server
 * revision each copy was computed from kept beside it (not in the document: migration drops it).
 */
export interface LocalProjects {
  get(id: string): Promise<ProjectJson | null>;
  put(project: ProjectJson): Promise<void>;
  /** The server revision the local copy was based on; null when unknown (older copies). */
  getRevision(id: string): Promise<number | null>;
  putRevision(id: string, revision: number | null): Promise<void>;
}

export interface RemoteProjects {
  getProject(id: string): Promise<unknown>;
  updateProject(project: ProjectJson, revision: number | null): Promise<{ modified: string; revision?: number; kept?: readonly KeptChange[] }>;
}

export interface LoadedProject {
  readonly project: ProjectJson;
  readonly readOnly: boolean;
  /** True when the server failed and the local copy was opened instead. */
  readonly fromLocal: boolean;
  /** The server revision the project was loaded at (server state, kept beside the document); null when unknown. */
  readonly revision: number | null;
}

export interface SavedProject {
  readonly modified: string;
  /** The revision the server now holds, to send with the next save; null when it did not say. */
  readonly revision: number | null;
  /** What the server did not apply (it held newer values); empty when all applied. */
  readonly kept: readonly KeptChange[];
}

/** A local_ project that is not in this browser (made in another browser, or moved to the server since). */
export const LOCAL_PROJECT_MISSING = 'This project was kept in another browser, or has moved to the server: open it from your projects';

const projectKey = (project: ProjectJson) => project.metadata.id || project.id;

/**
 * Loads from the server; on failure falls back to the local copy; with neither, rethrows (spec
 * section 4). A local_ project lives only in this browser: the server is not asked.
 */
export async function loadProject(id: string, remote: RemoteProjects, local: LocalProjects): Promise<LoadedProject> {
  if (isLocalProjectId(id)) {
    const copy = await local.get(id);
    if (!copy) throw new Error(LOCAL_PROJECT_MISSING);
    const { project, readOnly } = migrateProject(copy);
    return { project, readOnly, fromLocal: true, revision: null };
  }
  try {
    const body = await remote.getProject(id);
    const { project, readOnly } = migrateProject(body);
    return { project, readOnly, fromLocal: false, revision: revisionOf(body) };
  } catch (error) {
    const copy = await local.get(id).catch(() => null);
    if (!copy) throw error;
    const { project, readOnly } = migrateProject(copy);
    const revision = await local.getRevision(id).catch(() => null);
    return { project, readOnly, fromLocal: true, revision };
  }
}

/**
 * Saves locally first, then to the server as a change from `revision` (stale-save protection); any
 * failure is rethrown (spec section 4). Answers the server's modified time and new revision.
 */
export async function saveProject(project: ProjectJson, revision: number | null, remote: RemoteProjects, local: LocalProjects): Promise<SavedProject> {
  const key = projectKey(project);
  await local.put(project);
  // The local copy is computed from `revision` until the server takes it (an offline copy keeps its
  // base). Best effort: the revision store failing must not stop a save.
  await local.putRevision(key, revision).catch(() => undefined);
  const answer = await remote.updateProject(project, revision);
  const next = revisionOf(answer);
  // Best effort: the local copy now matches the server's new revision.
  if (next !== null) await local.putRevision(key, next).catch(() => undefined);
  return { modified: answer.modified, revision: next, kept: answer.kept ?? [] };
}
