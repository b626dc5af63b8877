import { next as A } from '@automerge/automerge';
import type { DocHandle, StorageAdapterInterface } from '@automerge/automerge-repo';

/** automerge-repo's chunk kinds that hold document data (sync states live beside them). */
const DATA_CHUNKS = new Set(['snapshot', 'incremental']);

/**
 * Merges every change stored for the handle's document into the handle. Another api instance on
 * the same database may have written changes this process's in-memory copy never saw; merging is
 * idempotent, so calling it when nothing is new costs a read and changes nothing.
 * Returns whether the document gained changes.
 */
export async function mergeStoredChanges<T>(handle: DocHandle<T>, storage: StorageAdapterInterface): Promise<boolean> {
  const chunks = (await storage.loadRange([handle.documentId])).filter((c) => DATA_CHUNKS.has(c.key[1] ?? '') && c.data);
  if (chunks.length === 0) return false;
  let stored = A.init<T>();
  for (const chunk of chunks) stored = A.loadIncremental(stored, chunk.data as Uint8Array);
  const before = A.getHeads(handle.doc()).join();
  handle.update((doc) => A.merge(doc, stored));
  return A.getHeads(handle.doc()).join() !== before;
}
