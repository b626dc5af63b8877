import * as Automerge from '@automerge/automerge';
import { wrapWholeStrings } from '@beamstage/sync/node';
import type { CachedDoc, DocCache } from './doc-cache';

/** New entities for one map of the document: where the map is (from the root) and the entries to add by id. */
export interface AdditionBatch {
  path: string[];
  entries: Record<string, unknown>;
}

/**
 * The document the REST write was computed from: whole (`Automerge.save`), or as the changes
 * since heads the api knows the worker's copy of the project has (`Automerge.saveSince`), with
 * the heads the copy must have once they are loaded.
 */
export type AdditionsBase = { whole: Uint8Array } | { since: string[]; increment: Uint8Array; heads: string[] };

export interface BuildAdditionsTask {
  projectId: string;
  base: AdditionsBase;
  /** Applied in order: each change depends on the one before. */
  batches: AdditionBatch[];
}

/**
 * The encoded changes and the heads of the worker's copy after them (what the api sends its next
 * increment since), or, for an increment, `need-base`: the worker has no copy of the project
 * (first write, a new or another worker, evicted) or its copy is not at `since` (it holds
 * changes the api never applied): the api sends the whole document instead.
 */
export type BuildAdditionsResult = { kind: 'built'; changes: Uint8Array[]; heads: string[] } | { kind: 'need-base' };

const sameHeads = (a: string[], b: string[]) => a.length === b.length && a.every((h) => b.includes(h));

/**
 * The base document to build on: loaded whole, or the cached copy brought up to it. Its state
 * must be exactly the api's: the changes built on it depend on its heads, and a change whose
 * dependencies the api's document lacks would never apply there. So a copy is used only if it
 * is at `since` before the increment and at the api's heads after it; anything else is null.
 */
function baseDoc(task: BuildAdditionsTask, cache: DocCache): CachedDoc | null {
  // Taken out either way: below, the copy is changed in place or replaced.
  const cached = cache.take(task.projectId);
  const base = task.base;
  if ('whole' in base) {
    if (cached) Automerge.free(cached.doc);
    // A fresh actor on each whole load: its changes never collide with the api's copy's, nor
    // with changes an earlier copy here made that the api never applied.
    return { doc: Automerge.load(base.whole), bytes: base.whole.byteLength };
  }
  if (!cached) return null;
  try {
    if (!sameHeads(Automerge.getHeads(cached.doc), base.since)) throw new Error('not at since');
    const doc = Automerge.loadIncremental(cached.doc, base.increment);
    if (!sameHeads(Automerge.getHeads(doc), base.heads)) throw new Error('not at the heads');
    return { doc, bytes: cached.bytes + base.increment.byteLength };
  } catch {
    Automerge.free(cached.doc);
    return null;
  }
}

/**
 * Builds one Automerge change per batch on a copy of the base document, each adding its entries
 * (whole strings wrapped as the document keeps them), and returns the encoded changes. Pure but
 * for `cache` (the worker's copies of recent projects, which it reads and updates) and
 * synchronous: the worker runs it, and so may a test. The copy's actor is not the api's (a whole
 * base is loaded with a fresh one), so its changes never collide with changes the api's own copy
 * of the document makes meanwhile.
 */
export function buildAdditions(task: BuildAdditionsTask, cache: DocCache): BuildAdditionsResult {
  const base = baseDoc(task, cache);
  if (!base) return { kind: 'need-base' };
  let doc = base.doc;
  const changes: Uint8Array[] = [];
  try {
    for (const batch of task.batches) {
      doc = Automerge.change(doc, (d) => {
        let map = d as Record<string, unknown>;
        for (const key of batch.path) map = map[key] as Record<string, unknown>;
        for (const [id, value] of Object.entries(batch.entries)) map[id] = wrapWholeStrings(value);
      });
      const change = Automerge.getLastLocalChange(doc);
      if (!change) throw new Error('An addition batch made no change');
      changes.push(change);
    }
  } catch (err) {
    // Half built: not a state the api will ever have.
    Automerge.free(doc);
    throw err;
  }
  const heads = Automerge.getHeads(doc);
  cache.put(task.projectId, { doc, bytes: base.bytes + changes.reduce((n, c) => n + c.byteLength, 0) });
  return { kind: 'built', changes, heads };
}
