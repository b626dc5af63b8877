import { createHash } from 'node:crypto';
import { next as A } from '@automerge/automerge';
import type { DocumentId, Repo, StorageAdapterInterface, StorageKey } from '@automerge/automerge-repo';
import type { CompactedChunks } from './compact-chunks';

/** automerge-repo's storage subsystem (not exported by the package). */
type StorageSubsystem = NonNullable<Repo['storageSubsystem']>;

/** Builds a snapshot from a document's stored chunks, off the caller's thread (a worker). */
export type CompactChunks = (chunks: Uint8Array[]) => Promise<CompactedChunks>;

export interface IncrementalSavesOptions {
  compact: CompactChunks;
  /** A compaction failed (busy or dead worker, database): nothing is lost; it is tried again once the incrementals have grown as much again. */
  onCompactionError?(err: unknown, documentId: string): void;
  /**
   * Awaited before each save, with the bytes the document has in storage: the api lets its
   * requests go first before saving a large document (each save of a large write's change is
   * tens of ms of `saveSince` on its thread). A save delayed here is a save not yet confirmed.
   */
  beforeSave?(documentId: string, storedBytes: number): Promise<void> | void;
}

/**
 * Incrementals are folded into a snapshot once they hold at least as many bytes as the snapshot
 * (automerge-repo's own rule), and never for less than this: a small document is not compacted
 * after every edit.
 */
export const MIN_COMPACT_BYTES = 64 * 1024;

const DATA_CHUNKS = new Set(['snapshot', 'incremental']);

/** automerge-repo's chunk names: sha256 hex of the bytes (incrementals) or of the joined heads (snapshots). */
const sha256Hex = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

interface DocStorage {
  /** The heads everything stored covers (loaded or saved by this process), or null when not known. */
  heads: string[] | null;
  snapshotBytes: number;
  incrementalBytes: number;
  compaction: Promise<void> | null;
  /** Incremental bytes when the last compaction failed (0: it did not): the next waits until as many again are saved. */
  failedAt: number;
  /** Incremental bytes saved while the running compaction was reading and building. */
  savedDuring: number;
  removed: boolean;
}

const sameHeads = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((h) => b.includes(h));

/**
 * Makes the repo's document saves incremental only, with compaction in a worker. automerge-repo
 * saves a document's whole history (`Automerge.save`, compressed and hashed) on the caller's
 * thread whenever its incrementals outgrow its snapshot: 100-150 ms for a 3 MB document on the
 * api's thread, several times during one large write (a CPU profile of hostile-load's largest
 * allowed writes). Here a save is always `Automerge.saveSince` the heads storage already covers,
 * and when the incrementals outgrow the snapshot, a compaction in the background reads the
 * stored chunks, has `compact` build one snapshot from them, stores it, then deletes only the
 * chunks it was built from. So nothing confirmed is ever lost: a chunk is deleted only once a
 * stored snapshot covers it; chunks saved meanwhile (by this process or another instance sharing
 * the database) stay; a crash between storing the snapshot and the deletes leaves chunks the
 * snapshot also holds, which load the same (Automerge merges duplicates). Returns `idle`, which
 * waits for a document's running compaction.
 */
export function saveIncrementally(subsystem: StorageSubsystem, storage: StorageAdapterInterface, options: IncrementalSavesOptions) {
  const docs = new Map<string, DocStorage>();
  const stateOf = (documentId: string): DocStorage => {
    let s = docs.get(documentId);
    if (!s) docs.set(documentId, (s = { heads: null, snapshotBytes: 0, incrementalBytes: 0, compaction: null, failedAt: 0, savedDuring: 0, removed: false }));
    return s;
  };

  // Sizes of what a load found, for the compaction rule; the load itself is automerge-repo's.
  subsystem.loadDocData = async (documentId: DocumentId): Promise<Uint8Array | null> => {
    const s = stateOf(documentId);
    const snapshots = (await storage.loadRange([documentId, 'snapshot'])).filter((c) => c.data);
    const incrementals = (await storage.loadRange([documentId, 'incremental'])).filter((c) => c.data);
    s.snapshotBytes = snapshots.reduce((n, c) => n + c.data!.length, 0);
    s.incrementalBytes = incrementals.reduce((n, c) => n + c.data!.length, 0);
    const binaries = [...snapshots, ...incrementals].map((c) => c.data!);
    if (binaries.length === 0) return null;
    return binaries.length === 1 ? binaries[0]! : new Uint8Array(Buffer.concat(binaries));
  };
  const loadDoc = subsystem.loadDoc.bind(subsystem);
  subsystem.loadDoc = async <T>(documentId: DocumentId) => {
    const doc = await loadDoc<T>(documentId);
    if (doc) stateOf(documentId).heads = A.getHeads(doc);
    return doc;
  };

  const removeDoc = subsystem.removeDoc.bind(subsystem);
  subsystem.removeDoc = (documentId: DocumentId) => {
    // Set before any await: the caller removes the chunks right after (repo.delete is synchronous).
    stateOf(documentId).removed = true;
    return removeDoc(documentId);
  };

  const compactNow = async (documentId: string, s: DocStorage) => {
    s.savedDuring = 0;
    const chunks = (await storage.loadRange([documentId])).filter((c) => DATA_CHUNKS.has(c.key[1] ?? '') && c.data);
    if (chunks.length < 2) return;
    const { snapshot, heads } = await options.compact(chunks.map((c) => c.data!));
    if (s.removed) return;
    const key: StorageKey = [documentId, 'snapshot', sha256Hex(heads.join(''))];
    await storage.save(key, snapshot);
    // Removed while the snapshot was being stored: the caller's removal may have run before it.
    if (s.removed) return void (await storage.remove(key));
    const keep = key.join('/');
    for (const chunk of chunks) if (chunk.key.join('/') !== keep) await storage.remove(chunk.key);
    s.snapshotBytes = snapshot.length;
    s.incrementalBytes = s.savedDuring;
    s.failedAt = 0;
  };

  subsystem.saveDoc = async (documentId: DocumentId, doc: A.Doc<unknown>): Promise<void> => {
    const s = stateOf(documentId);
    if (s.heads && sameHeads(s.heads, A.getHeads(doc))) return;
    if (options.beforeSave) {
      await options.beforeSave(documentId, s.snapshotBytes + s.incrementalBytes);
      // Deleted meanwhile: its chunks are being removed, and must not be stored again.
      if (s.removed) return;
    }
    const heads = A.getHeads(doc);
    if (s.heads && sameHeads(s.heads, heads)) return;
    // Storage covers s.heads; a document without them (never seen here: a handle's document only
    // grows) would get an empty saveSince, so it is stored whole rather than risk storing nothing.
    const binary = A.saveSince(doc, s.heads && A.hasHeads(doc, s.heads) ? s.heads : []);
    if (binary.length > 0) await storage.save([documentId, 'incremental', sha256Hex(binary)], binary);
    // Only now: every save starts from heads that are stored. An older save finishing last sets
    // older heads, and the next save stores a little again (duplicates load the same).
    s.heads = heads;
    s.incrementalBytes += binary.length;
    if (s.compaction) s.savedDuring += binary.length;
    else if (!s.removed && s.incrementalBytes - s.failedAt >= Math.max(s.snapshotBytes, MIN_COMPACT_BYTES)) {
      s.compaction = compactNow(documentId, s)
        .catch((err: unknown) => {
          // Not again at the next save (a busy worker pool would have every save read all the
          // document's chunks): once as many incremental bytes again are stored.
          s.failedAt = s.incrementalBytes;
          options.onCompactionError?.(err, documentId);
        })
        .finally(() => (s.compaction = null));
    }
  };

  return {
    /** Waits for the document's running compaction, if any. */
    idle: async (documentId: string): Promise<void> => {
      await docs.get(documentId)?.compaction;
    },
  };
}
