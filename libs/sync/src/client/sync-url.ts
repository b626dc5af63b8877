/**
 * The sync socket's path names the project (`/sync/{projectId}?ticket=...`) so that a load
 * balancer can route every peer of a project to one api instance by hashing the path, without
 * reading the ticket (design.md section 3). The server still checks the ticket, and refuses a
 * ticket whose project is not the one in the path.
 */
export const SYNC_PATH = '/sync';

/** The path and query a client opens for a ticket of `projectId`'s room. */
export function syncSocketPath(projectId: string, ticket: string): string {
  return `${SYNC_PATH}/${encodeURIComponent(projectId)}?ticket=${encodeURIComponent(ticket)}`;
}

/**
 * The project id a sync path names: `/sync/{projectId}` gives the id, anything else (including the
 * bare `/sync` of older servers) gives null; a path that is not /sync at all gives undefined.
 */
export function projectOfSyncPath(pathname: string): string | null | undefined {
  if (pathname === SYNC_PATH) return null;
  if (!pathname.startsWith(`${SYNC_PATH}/`)) return undefined;
  const rest = pathname.slice(SYNC_PATH.length + 1);
  if (rest === '' || rest.includes('/')) return null;
  try {
    return decodeURIComponent(rest);
  } catch {
    return null;
  }
}
