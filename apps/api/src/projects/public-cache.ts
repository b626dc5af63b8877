/**
 * Serialised public projects, so the projector's polling fetch costs no database round trip and
 * no serialising. Writes through this process invalidate at once; PUBLIC_CACHE_TTL_MS bounds
 * staleness for writes made elsewhere (another api instance). An expired entry is still served
 * while one refresh runs (stale-while-revalidate), so a poll never waits on the database for a
 * project it has seen; only a project not seen yet, or just written, waits for its read. A refresh
 * first asks only for the row's revision and keeps the held bytes when it has not moved: reading
 * and parsing the whole row every second showed up as 15 ms stalls in the public route's p99 (npm
 * run bench:api, measured when PGlite still ran on the server's own thread; the parse still does).
 */
export const PUBLIC_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 1000;

export interface PublicEntry {
  /** The answer's bytes, encoded once (null: known not published). */
  body: Buffer | null;
  ownerId: string | null;
  /** The row revision the bytes were made from (null: not published, or unknown). */
  revision: number | null;
  expiresAt: number;
}

/** What a load found: the answer, or 'unchanged' when the row still has the held entry's revision. */
export type PublicLoad = { body: string | null; ownerId: string | null; revision?: number | null } | 'unchanged';

const entries = new Map<string, PublicEntry>();
const refreshing = new Map<string, Promise<PublicEntry>>();
/** Bumped by every invalidation: a load that started before it must not store what it read. */
const generation = new Map<string, number>();

/** The cached answer for a project id, fresh or expired, or undefined when none is held. */
export function getPublicCached(id: string): PublicEntry | undefined {
  return entries.get(id);
}

export function setPublicCached(id: string, body: string | null, ownerId: string | null, now = Date.now(), revision: number | null = null): PublicEntry {
  if (!entries.has(id) && entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  const entry = { body: body === null ? null : Buffer.from(body, 'utf8'), ownerId, revision, expiresAt: now + PUBLIC_CACHE_TTL_MS };
  entries.set(id, entry);
  return entry;
}

/**
 * The answer for `id`: a fresh entry at once; an expired one at once while `load` refreshes it in
 * the background; none held: waits for `load`. Concurrent misses share one load. `load` is told the
 * held entry's revision and may answer 'unchanged' (the held bytes then stay, fresh again).
 */
export async function publicAnswer(id: string, load: (heldRevision: number | null) => Promise<PublicLoad>, now = Date.now()): Promise<PublicEntry> {
  const held = entries.get(id);
  if (held && held.expiresAt > now) return held;
  let pending = refreshing.get(id);
  if (!pending) {
    const gen = generation.get(id) ?? 0;
    const p: Promise<PublicEntry> = load(held?.revision ?? null)
      .then((r) => {
        const current = (generation.get(id) ?? 0) === gen;
        if (r === 'unchanged') {
          // Only an entry held when the load started can be unchanged; a write since then dropped it.
          if (!held) throw new Error('public cache: a load answered unchanged with nothing held');
          if (current) held.expiresAt = now + PUBLIC_CACHE_TTL_MS;
          return held;
        }
        if (!current) return { body: r.body === null ? null : Buffer.from(r.body, 'utf8'), ownerId: r.ownerId, revision: null, expiresAt: 0 };
        return setPublicCached(id, r.body, r.ownerId, now, r.revision ?? null);
      })
      .finally(() => {
        if (refreshing.get(id) === p) refreshing.delete(id);
      });
    pending = p;
    refreshing.set(id, p);
  }
  if (held) {
    pending.catch(() => undefined); // the next poll retries; this one is answered from the held entry
    return held;
  }
  return pending;
}

/** Call after any write to a project's row (update, publish, unpublish, delete). */
export function invalidatePublic(id: string): void {
  entries.delete(id);
  // A refresh that started before the write may hold the old row: it must not be stored.
  refreshing.delete(id);
  if (generation.size >= MAX_ENTRIES * 4) generation.clear();
  generation.set(id, (generation.get(id) ?? 0) + 1);
}
