import { migrateProject } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';

/** Spec section 8: a failure with no message of its own. */
export const FETCH_FAILED_MESSAGE = 'Failed to fetch public project';
/** Spec section 8: a public answer that is not JSON. */
export const INVALID_RESPONSE_MESSAGE = 'Invalid response format';

/** Why the player has nothing to show; status 0 when the server could not be reached. */
export class PlayerLoadError extends Error {
  override readonly name = 'PlayerLoadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The published project from the studio that served the player (GET /api/projects/public, no
 * credentials: the host page's cookies never go to the studio). Error texts follow spec section 8:
 * "Invalid response format" for a non-JSON body, the body's error or message, else "Failed to fetch
 * public project" (also when the server cannot be reached). `fresh` adds the spec's `_t`
 * cache-buster, for the re-check while playing.
 */
export async function loadPublicProject(
  studioOrigin: string,
  projectId: string,
  fetchFn: typeof fetch = (...a) => fetch(...a),
  fresh?: number,
): Promise<ProjectJson> {
  const params = new URLSearchParams({ id: projectId });
  if (fresh !== undefined) params.set('_t', String(fresh));
  let response: Response;
  try {
    response = await fetchFn(`${studioOrigin}/api/projects/public?${params.toString()}`, {
      credentials: 'omit',
      mode: 'cors',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new PlayerLoadError(FETCH_FAILED_MESSAGE, 0);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new PlayerLoadError(INVALID_RESPONSE_MESSAGE, response.status);
  }
  if (!response.ok) {
    const b = (body ?? {}) as { error?: unknown; message?: unknown };
    const message = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : FETCH_FAILED_MESSAGE;
    throw new PlayerLoadError(message, response.status);
  }
  try {
    return migrateProject(body).project;
  } catch {
    throw new PlayerLoadError(INVALID_RESPONSE_MESSAGE, response.status);
  }
}
