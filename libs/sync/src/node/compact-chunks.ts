import { next as A } from '@automerge/automerge';

/** A document's snapshot built from its stored chunks, and the heads it holds. */
export interface CompactedChunks {
  snapshot: Uint8Array;
  heads: string[];
}

/** Builds one snapshot (`Automerge.save`) from a document's stored chunks (snapshots and incrementals, any order): pure, for a worker thread. */
export function compactChunks(chunks: Uint8Array[]): CompactedChunks {
  let doc = A.init<unknown>();
  for (const chunk of chunks) doc = A.loadIncremental(doc, chunk);
  return { snapshot: A.save(doc), heads: A.getHeads(doc) };
}
