import { migrateProject } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';
import type { ProjectorRoute } from './route';

/** Why the projector has nothing to show. */
export class ProjectorLoadError extends Error {
  override readonly name = 'ProjectorLoadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Fetches a published project without credentials (GET /api/projects/public). Error texts follow
 * spec section 8: "Invalid response format" for a non-JSON body, the body's error or message,
 * else "Failed to fetch public project".
 */
/** The public JSON's path for a projector route (the offline cache keeps the project under it). */
export function publicProjectPath(route: ProjectorRoute): string {
  const params = new URLSearchParams({ id: route.projectId });
  if (route.userId) params.set('userId', route.userId);
  return `/api/projects/public?${params.toString()}`;
}

export async function loadPublicProject(route: ProjectorRoute, fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<ProjectJson> {
  const response = await fetchFn(publicProjectPath(route), { credentials: 'omit', headers: { accept: 'application/json' } });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ProjectorLoadError('Invalid response format', response.status);
  }
  if (!response.ok) {
    const b = (body ?? {}) as { error?: unknown; message?: unknown };
    const message = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : 'Failed to fetch public project';
    throw new ProjectorLoadError(message, response.status);
  }
  return migrateProject(body).project;
}
