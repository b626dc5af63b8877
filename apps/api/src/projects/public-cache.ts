/**
 * Serialised public projects, so the projector's polling fetch costs no database round trip.
 * Writes through this process invalidate at once; PUBLIC_CACHE_TTL_MS bounds staleness for writes
 * made elsewhere (another api instance, the sync follower writing the JSON row).
 */
export const PUBLIC_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 1000;

interface Entry {
  body: string | null;
  ownerId: string | null;
  expiresAt: number;
}

const entries = new Map<string, Entry>();

/** The cached answer for a project id (body null: known not published), or undefined on a miss. */
export function getPublicCached(id: string, now = Date.now()): Entry | undefined {
  const e = entries.get(id);
  if (!e) return undefined;
  if (e.expiresAt <= now) {
    entries.delete(id);
    return undefined;
  }
  return e;
}

export function setPublicCached(id: string, body: string | null, ownerId: string | null, now = Date.now()): void {
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(id, { body, ownerId, expiresAt: now + PUBLIC_CACHE_TTL_MS });
}

/** Call after any write to a project's row (update, publish, unpublish, delete). */
export function invalidatePublic(id: string): void {
  entries.delete(id);
}
