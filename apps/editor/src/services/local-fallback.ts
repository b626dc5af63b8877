import { createProjectId } from '@beamstage/layers';
import type { ProjectId, ProjectJson, RandomBytes } from '@beamstage/layers';
import { ApiError } from '../api/client';

/** Spec section 8: the one create failure that is shown and never falls back to a local project. */
export const PROJECT_LIMIT_REACHED = 'Project limit reached';

export const LOCAL_PROJECT_PREFIX = 'local_';

export const isLocalProjectId = (id: string) => id.startsWith(LOCAL_PROJECT_PREFIX);

export interface CreateApi {
  createProject(project: ProjectJson): Promise<ProjectJson>;
}

/** The local store's part these flows use. */
export interface LocalProjectStore {
  getProject(id: string): Promise<ProjectJson | null>;
  putProject(project: ProjectJson, updated: string): Promise<void>;
  removeProject(id: string): Promise<void>;
  listProjects(): Promise<{ id: string; project: ProjectJson }[]>;
}

const withId = (project: ProjectJson, id: string): ProjectJson => ({ ...project, id: id as ProjectId, metadata: { ...project.metadata, id: id as ProjectId } });

const isLimit = (error: unknown) => error instanceof ApiError && error.status === 403 && error.message === PROJECT_LIMIT_REACHED;

/**
 * Creates on the server; any failure but 403 "Project limit reached" makes a local project
 * `local_{timestamp}` instead, stored in the browser so it opens and saves offline (spec section 4).
 */
export async function createProjectWithFallback(
  project: ProjectJson,
  api: CreateApi,
  local: LocalProjectStore,
  nowMs: number,
): Promise<{ id: string; local: boolean }> {
  try {
    const created = await api.createProject(project);
    return { id: created.metadata?.id ?? created.id ?? project.id, local: false };
  } catch (error) {
    if (isLimit(error)) throw error;
    const id = `${LOCAL_PROJECT_PREFIX}${nowMs}`;
    await local.putProject(withId(project, id), new Date(nowMs).toISOString());
    return { id, local: true };
  }
}

export interface MovedProject {
  from: string;
  to: string;
  name: string;
}

/**
 * Moves one local_ project to the server: created there as a new project (fresh proj_ id) from
 * `project` (the editor's current copy), then removed from the browser. Throws (nothing removed)
 * while the server is away or refuses; answers the new id.
 */
export async function moveLocalProject(
  localId: string,
  project: ProjectJson,
  api: CreateApi,
  local: Pick<LocalProjectStore, 'removeProject'>,
  nowMs: number,
  random?: RandomBytes,
): Promise<string> {
  const fresh = random ? createProjectId(nowMs, random) : createProjectId(nowMs);
  const created = await api.createProject(withId(project, fresh));
  const to = created.metadata?.id ?? created.id ?? fresh;
  await local.removeProject(localId);
  return to;
}

/**
 * Uploads every local_ project as a new server project (fresh proj_ id) and removes the local one
 * once the server has it. Stops at the first failure (the server is still away, or the plan is
 * full); what was not moved stays local and is tried again next time.
 */
export async function uploadLocalProjects(
  api: CreateApi,
  local: LocalProjectStore,
  nowMs: () => number,
  random?: RandomBytes,
): Promise<{ moved: MovedProject[]; error: unknown }> {
  const moved: MovedProject[] = [];
  const waiting = (await local.listProjects()).filter((r) => isLocalProjectId(r.id));
  for (const record of waiting) {
    try {
      const to = await moveLocalProject(record.id, record.project, api, local, nowMs(), random);
      moved.push({ from: record.id, to, name: record.project.metadata.name });
    } catch (error) {
      return { moved, error };
    }
  }
  return { moved, error: null };
}
