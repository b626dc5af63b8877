import * as Automerge from '@automerge/automerge';

/** One project's document as the worker last built on it, and what it cost to bring here. */
export interface CachedDoc {
  doc: Automerge.Doc<Record<string, unknown>>;
  /** Encoded bytes loaded into it (the whole save, then each increment): the cache's size measure. */
  bytes: number;
}

export interface DocCache {
  /** Removes and returns the project's copy: the caller changes it, so no stale copy may stay behind if that fails. */
  take(projectId: string): CachedDoc | undefined;
  /** Keeps the copy as the most recently used, evicting the least recently used beyond the bounds. */
  put(projectId: string, entry: CachedDoc): void;
  delete(projectId: string): void;
  /** Projects held, least recently used first (tests). */
  keys(): string[];
  /** Encoded bytes held (tests). */
  bytes(): number;
}

export interface DocCacheOptions {
  maxDocs: number;
  maxBytes: number;
}

/**
 * The document worker's copies of the projects it built additions on, so the api can send the
 * changes since the worker's copy (`Automerge.saveSince`) instead of the whole document (a
 * `save` of the largest allowed document held the api's thread 110-240 ms). A copy is a cache,
 * never an authority: the api sends the heads the increment must reach, and a copy that does not
 * reach them is dropped and the whole document asked for.
 *
 * Bounded by count and by bytes as they arrived here (the whole save, then each increment and
 * each change built): each copy lives in this thread's memory, and Automerge keeps every value
 * ever written, deleted ones too (2026-11-29: the largest allowed project after six largest
 * writes, a 0.6 MB save, held ~26 MB of RSS per copy loaded). A whole save is compressed and
 * counts for less than its copy holds; a copy grown past the bound is not kept, and its project's
 * next write sends the whole document, counted afresh. Evicted copies are freed (Automerge.free)
 * at once rather than left to the finaliser; the WebAssembly memory they used is reused by later
 * copies, not returned to the system.
 */
export function createDocCache(options: DocCacheOptions): DocCache {
  const entries = new Map<string, CachedDoc>();
  let total = 0;
  const drop = (projectId: string): CachedDoc | undefined => {
    const entry = entries.get(projectId);
    if (!entry) return undefined;
    entries.delete(projectId);
    total -= entry.bytes;
    return entry;
  };
  const free = (entry: CachedDoc) => {
    try {
      Automerge.free(entry.doc);
    } catch {
      // Already freed or outdated: nothing held.
    }
  };
  return {
    take: drop,
    put(projectId, entry) {
      const old = drop(projectId);
      if (old && old.doc !== entry.doc) free(old);
      if (entry.bytes > options.maxBytes) {
        free(entry);
        return;
      }
      entries.set(projectId, entry);
      total += entry.bytes;
      while (entries.size > options.maxDocs || total > options.maxBytes) {
        const oldest = entries.keys().next().value as string;
        free(drop(oldest)!);
      }
    },
    delete(projectId) {
      const old = drop(projectId);
      if (old) free(old);
    },
    keys: () => [...entries.keys()],
    bytes: () => total,
  };
}
