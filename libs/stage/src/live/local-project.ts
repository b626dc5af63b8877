import { migrateProject, type ProjectJson } from '@beamstage/layers';
import { LOCAL_PROJECT_KIND } from '@beamstage/sync/browser';

/**
 * The project an editor on this machine posted on the local link, rebuilt from known
 * fields (libs/layers' migrateProject); null for anything else, a malformed one, or another project.
 */
export function readLocalProject(message: unknown, projectId?: string): ProjectJson | null {
  if (!message || typeof message !== 'object' || (message as { kind?: unknown }).kind !== LOCAL_PROJECT_KIND) return null;
  try {
    const { project, readOnly } = migrateProject((message as { project?: unknown }).project);
    if (readOnly) return null;
    if (projectId !== undefined && project.id !== projectId) return null;
    return project;
  } catch {
    return null;
  }
}
