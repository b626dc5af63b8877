/** The projector's address: /projector/{id}/{userId?} (spec section 2). */
export interface ProjectorRoute {
  readonly projectId: string;
  readonly userId?: string;
}

/** Reads the project id and optional user id from a pathname; null when there is no id. */
export function parseProjectorPath(pathname: string): ProjectorRoute | null {
  const parts = pathname.split('/').filter(Boolean);
  const at = parts.indexOf('projector');
  const id = at >= 0 ? parts[at + 1] : undefined;
  if (!id) return null;
  const userId = parts[at + 2];
  return userId ? { projectId: decodeURIComponent(id), userId: decodeURIComponent(userId) } : { projectId: decodeURIComponent(id) };
}
