import * as Automerge from '@automerge/automerge';
import { cloneJson, type ProjectDoc } from '@beamstage/layers';
import { trustedChange, type DocHandle } from '@beamstage/sync/node';
import { ENTITY_MAPS, mapAt, withEntities } from './entity-maps';
import type { AdditionBatch } from '../workers/build-additions';

/**
 * A write adding fewer new entities than this is applied in one change on the api's thread, as
 * before: below it, the worker round trip (saving the base, loading it there) costs more than it saves.
 */
export const OFFLOAD_MIN_ADDITIONS = 64;
/**
 * New entities per change. A request waits for at most the one step running when it arrives
 * (foreground.ts), so the step is what it costs others. Applying the largest allowed write's 950
 * layers to a plain Automerge copy on this machine (2026-11-29, idle): 8 per change, p50 18.5 ms
 * and at most 57.8 ms a change, 2,333 ms in all; 4 per change, p50 10.3 ms and at most 31.2 ms,
 * 2,462 ms; 2 per change, p50 6.4 ms, 3,070 ms. On the api's copy each step also updates the
 * handle (patches, automerge-repo's diff), and at load 3-4 it takes 2-3 times as long in wall time.
 */
export const ADDITIONS_PER_CHANGE = 4;
/**
 * Characters of strings per change (data URLs, code): applying a change that carries three 1 MB
 * data URLs held the api's thread ~200 ms, most of it copying the strings into Automerge and
 * hashing the stored chunk; a change closes at this size even below ADDITIONS_PER_CHANGE entities.
 */
export const ADDITION_CHARS_PER_CHANGE = 256 * 1024;

/** Characters of strings in `value`, counted until `limit` (a cheap size estimate that stops early). */
export function stringChars(value: unknown, limit = Infinity): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && total < limit) {
    const v = stack.pop();
    if (typeof v === 'string') total += v.length;
    else if (typeof v === 'object' && v !== null) for (const child of Object.values(v)) stack.push(child);
  }
  return total;
}

/**
 * Cuts entities into the batches of one change each: at most ADDITIONS_PER_CHANGE entities and,
 * unless one entity alone is larger, ADDITION_CHARS_PER_CHANGE characters of strings.
 */
export function batchEntries(entries: Iterable<[string, unknown]>): [string, unknown][][] {
  const batches: [string, unknown][][] = [];
  let batch: [string, unknown][] = [];
  let chars = 0;
  for (const entry of entries) {
    const size = stringChars(entry[1]);
    if (batch.length > 0 && (batch.length >= ADDITIONS_PER_CHANGE || chars + size > ADDITION_CHARS_PER_CHANGE)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(entry);
    chars += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The entities `target` adds to `base` (new ids in the entity maps), in batches (batchEntries),
 * copied (plain strings, not yet wrapped) so they can go to a worker; an
 * empty list when there are fewer than OFFLOAD_MIN_ADDITIONS.
 */
export function planAdditions(base: ProjectDoc, target: ProjectDoc): AdditionBatch[] {
  const batches: AdditionBatch[] = [];
  let total = 0;
  for (const path of ENTITY_MAPS) {
    const from = mapAt(base, path);
    const to = mapAt(target, path);
    if (!from || !to) continue;
    const added = Object.keys(to)
      .filter((id) => !Object.prototype.hasOwnProperty.call(from, id))
      .map((id): [string, unknown] => [id, to[id]]);
    total += added.length;
    for (const batch of batchEntries(added)) batches.push({ path, entries: Object.fromEntries(batch) });
  }
  // Copied because the target is wrapped (whole strings) after this; cloneJson shares the strings
  // (structuredClone copied them: 22-24 ms against 7.5-8.0 ms for the largest allowed write's 954 layers).
  return total < OFFLOAD_MIN_ADDITIONS ? [] : cloneJson(batches);
}

/**
 * Applies the worker's changes to the api's copy of the document one batch at a time, letting the
 * event loop answer others between them, and returns how many were applied. A batch whose ids a
 * live edit added meanwhile stops it (that batch and the later ones, which depend on it, are
 * left for the write's final change on the api's thread, which then writes them as before).
 */
export async function applyAdditions(
  handle: DocHandle<ProjectDoc>,
  batches: AdditionBatch[],
  changes: Uint8Array[],
  breathe: () => Promise<void>,
): Promise<number> {
  for (let i = 0; i < changes.length; i++) {
    const map = mapAt(handle.doc(), batches[i]!.path);
    if (!map || Object.keys(batches[i]!.entries).some((id) => Object.prototype.hasOwnProperty.call(map, id))) return i;
    // Checked against the limits with the whole write: the live-limits guard need not walk it.
    trustedChange(() => handle.update((doc) => Automerge.applyChanges(doc, [changes[i]!])[0]));
    await breathe();
  }
  return changes.length;
}

/**
 * `base` as it is after the first `applied` batches: what the write's final change diffs against,
 * so it writes only what those batches did not (the added entities are taken from `target`, which
 * holds them as the batches wrote them).
 */
export function withAdditions(base: ProjectDoc, target: ProjectDoc, batches: AdditionBatch[], applied: number): ProjectDoc {
  return withEntities(
    base,
    target,
    batches.slice(0, applied).map((b) => ({ path: b.path, write: Object.keys(b.entries), remove: [] })),
  );
}
