import * as Automerge from '@automerge/automerge';
import { wrapWholeStrings } from '@beamstage/sync/node';

/** New entities for one map of the document: where the map is (from the root) and the entries to add by id. */
export interface AdditionBatch {
  path: string[];
  entries: Record<string, unknown>;
}

export interface BuildAdditionsTask {
  /** The document the REST write was computed from (Automerge.save). */
  base: Uint8Array;
  /** Applied in order: each change depends on the one before. */
  batches: AdditionBatch[];
}

/**
 * Builds one Automerge change per batch on a copy of the base document, each adding its entries
 * (whole strings wrapped as the document keeps them), and returns the encoded changes. Pure and
 * synchronous: the worker runs it, and so may a test. The copy gets a fresh actor, so its changes
 * never collide with changes the api's own copy of the document makes meanwhile.
 */
export function buildAdditions(task: BuildAdditionsTask): Uint8Array[] {
  let doc = Automerge.load<Record<string, unknown>>(task.base);
  const out: Uint8Array[] = [];
  for (const batch of task.batches) {
    doc = Automerge.change(doc, (d) => {
      let map = d as Record<string, unknown>;
      for (const key of batch.path) map = map[key] as Record<string, unknown>;
      for (const [id, value] of Object.entries(batch.entries)) map[id] = wrapWholeStrings(value);
    });
    const change = Automerge.getLastLocalChange(doc);
    if (!change) throw new Error('An addition batch made no change');
    out.push(change);
  }
  return out;
}
