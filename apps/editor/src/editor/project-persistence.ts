import { migrateProject } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';

/** The local copy of projects (the spec's `projects` store in the browser database). */
export interface LocalProjects {
  get(id: string): Promise<ProjectJson | null>;
  put(project: ProjectJson): Promise<void>;
}

export interface RemoteProjects {
  getProject(id: string): Promise<unknown>;
  updateProject(project: ProjectJson): Promise<{ modified: string }>;
}

export interface LoadedProject {
  readonly project: ProjectJson;
  readonly readOnly: boolean;
  /** True when the server failed and the local copy was opened instead. */
  readonly fromLocal: boolean;
}

/** Loads from the server; on failure falls back to the local copy; with neither, rethrows (spec section 4). */
export async function loadProject(id: string, remote: RemoteProjects, local: LocalProjects): Promise<LoadedProject> {
  try {
    const { project, readOnly } = migrateProject(await remote.getProject(id));
    return { project, readOnly, fromLocal: false };
  } catch (error) {
    const copy = await local.get(id).catch(() => null);
    if (!copy) throw error;
    const { project, readOnly } = migrateProject(copy);
    return { project, readOnly, fromLocal: true };
  }
}

/** Saves locally first, then to the server; any failure is rethrown (spec section 4). */
export async function saveProject(project: ProjectJson, remote: RemoteProjects, local: LocalProjects): Promise<string> {
  await local.put(project);
  const { modified } = await remote.updateProject(project);
  return modified;
}
