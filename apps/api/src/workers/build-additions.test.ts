import * as Automerge from '@automerge/automerge';
import { describe, expect, it } from 'vitest';
import { buildAdditions, type AdditionBatch, type BuildAdditionsResult } from './build-additions';
import { createDocCache, type DocCache } from './doc-cache';

type Doc = { layers: Record<string, { id: string; x: number }>; timeline: { keyframes: Record<string, { id: string }> } };

const layerBatch = (prefix: string, n: number, x = 1): AdditionBatch => ({
  path: ['layers'],
  entries: Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { id: `${prefix}${i}`, x }])),
});
const keyframeBatch = (prefix: string): AdditionBatch => ({ path: ['timeline', 'keyframes'], entries: { [prefix]: { id: prefix } } });
const newCache = () => createDocCache({ maxDocs: 4, maxBytes: 64 * 1024 * 1024 });
const built = (result: BuildAdditionsResult) => {
  if (result.kind !== 'built') throw new Error(`expected built, got ${result.kind}`);
  return result;
};
const apply = (doc: Automerge.Doc<Doc>, changes: Uint8Array[]) => Automerge.applyChanges(doc, changes)[0];
const whole = (doc: Automerge.Doc<Doc>) => ({ whole: Automerge.save(doc) });
const since = (doc: Automerge.Doc<Doc>, heads: string[]) => ({ since: heads, increment: Automerge.saveSince(doc, heads), heads: Automerge.getHeads(doc) });

/** The api's side of two large writes to one project, with a live edit and a final change between them. */
function twoWrites(cache: DocCache) {
  let api = Automerge.from<Doc>({ layers: { a: { id: 'a', x: 0 } }, timeline: { keyframes: {} } });
  const first = built(buildAdditions({ projectId: 'p', base: whole(api), batches: [layerBatch('n', 3), keyframeBatch('k')] }, cache));
  api = apply(api, first.changes);
  // The write's final change, then a live edit, both on the api's thread.
  api = Automerge.change(api, (d) => void (d.layers['a']!.x = 5));
  api = Automerge.change(api, (d) => void (d.layers['live'] = { id: 'live', x: 9 }));
  const batches = [layerBatch('m', 4, 2), layerBatch('o', 2, 3)];
  return { api, first, batches };
}

describe('buildAdditions', () => {
  it('builds on its copy brought up to the base by an increment: the same document as from the whole base', () => {
    const cache = newCache();
    const { api, first, batches } = twoWrites(cache);
    const fromIncrement = built(buildAdditions({ projectId: 'p', base: since(api, first.heads), batches }, cache));
    const fromWhole = built(buildAdditions({ projectId: 'p', base: whole(api), batches }, newCache()));
    const a = apply(Automerge.clone(api), fromIncrement.changes);
    const b = apply(Automerge.clone(api), fromWhole.changes);
    // Every change applied (none waiting on a dependency the api lacks), and the same content.
    expect(Automerge.getMissingDeps(a, [])).toEqual([]);
    expect(Automerge.getHeads(a)).toEqual(fromIncrement.heads);
    expect(Automerge.toJS(a)).toEqual(Automerge.toJS(b));
    expect(Object.keys(Automerge.toJS(a).layers).sort()).toEqual(['a', 'live', 'm0', 'm1', 'm2', 'm3', 'n0', 'n1', 'n2', 'o0', 'o1']);
    expect(Automerge.toJS(a).layers['a']!.x).toBe(5);
    // The copy is at the new heads: a third write can send its increment since them.
    expect(cache.keys()).toEqual(['p']);
  });

  it('needs the base when it has no copy of the project (first write here, a new worker, evicted)', () => {
    const cache = newCache();
    const { api, first, batches } = twoWrites(cache);
    expect(buildAdditions({ projectId: 'p', base: since(api, first.heads), batches }, newCache())).toEqual({ kind: 'need-base' });
    expect(buildAdditions({ projectId: 'other', base: since(api, first.heads), batches }, cache)).toEqual({ kind: 'need-base' });
  });

  it('needs the base when its copy is ahead of what the api sent since (a batch the api never applied), and drops it', () => {
    const cache = newCache();
    let api = Automerge.from<Doc>({ layers: {}, timeline: { keyframes: {} } });
    const first = built(buildAdditions({ projectId: 'p', base: whole(api), batches: [layerBatch('n', 2), layerBatch('o', 2)] }, cache));
    // A live edit took the second batch's id: the api applied only the first batch.
    api = apply(api, first.changes.slice(0, 1));
    api = Automerge.change(api, (d) => void (d.layers['o0'] = { id: 'o0', x: 7 }));
    const appliedHeads = [Automerge.decodeChange(first.changes[0]!).hash!];
    expect(buildAdditions({ projectId: 'p', base: since(api, appliedHeads), batches: [layerBatch('m', 2)] }, cache)).toEqual({ kind: 'need-base' });
    expect(cache.keys()).toEqual([]);
    // Its own heads as `since` (the api would not send them: it lacks them): the copy does not reach the api's heads.
    const cache2 = newCache();
    const again = built(
      buildAdditions({ projectId: 'p', base: whole(Automerge.from<Doc>({ layers: {}, timeline: { keyframes: {} } })), batches: [layerBatch('n', 1)] }, cache2),
    );
    const other = Automerge.from<Doc>({ layers: { z: { id: 'z', x: 0 } }, timeline: { keyframes: {} } });
    const lying = { since: again.heads, increment: Automerge.save(other), heads: Automerge.getHeads(other) };
    expect(buildAdditions({ projectId: 'p', base: lying, batches: [layerBatch('m', 1)] }, cache2)).toEqual({ kind: 'need-base' });
    expect(cache2.keys()).toEqual([]);
  });

  it('needs the base when the increment does not bring its copy to the heads the api has', () => {
    const cache = newCache();
    const { api, first, batches } = twoWrites(cache);
    const short = { ...since(api, first.heads), increment: new Uint8Array() };
    expect(buildAdditions({ projectId: 'p', base: short, batches }, cache)).toEqual({ kind: 'need-base' });
    expect(cache.keys()).toEqual([]);
    // The whole base then replaces the copy, and builds on it.
    const result = built(buildAdditions({ projectId: 'p', base: whole(api), batches }, cache));
    expect(Automerge.toJS(apply(api, result.changes)).layers['o1']).toEqual({ id: 'o1', x: 3 });
  });
});
