import { assignDeep, copyPlain, isRecord, sameJson, type ProjectDoc } from '@beamstage/layers';
import { trustedChange, type DocHandle } from '@beamstage/sync/node';
import { ENTITY_MAPS, mapAt, withEntities } from './entity-maps';
import { batchEntries } from './additions';

/** A write whose entity maps differ in fewer ids than this makes its final change in one piece, as before. */
export const SLICE_MIN_IDS = 64;
/** Deleted ids per change: a deletion is one cheap operation, far less than writing an entity. */
export const DELETES_PER_CHANGE = 64;

/** Ids of one entity map written in one change: entities to write (as in `target`) or to delete. */
export interface WriteSlice {
  path: string[];
  write: string[];
  remove: string[];
}

type Obj = Record<string, unknown>;

const has = (map: Obj, id: string) => Object.prototype.hasOwnProperty.call(map, id);

/** A write's plan: its slices, and `current` with the entities found equal to the target's replaced by them. */
export interface SlicePlan {
  slices: WriteSlice[];
  /**
   * What the final change (or the slices) diffs against: `current`, with every entity that
   * equals the target's replaced by the target's object, so it is not compared again there.
   */
  settled: ProjectDoc;
}

/**
 * The entities a write changes or deletes, relative to `current`, cut into slices of one change
 * each (written ones as batchEntries cuts additions: a few entities or 256 KB of strings; deleted
 * ones DELETES_PER_CHANGE at a time); none when fewer than SLICE_MIN_IDS ids differ. A write's
 * final change was one Automerge change for all of them: deleting the 953 layers of the largest
 * allowed project, or rewriting its data URLs, held the api's thread 190 ms in one turn at load 4
 * (hostile-load's CPU profile, 2026-11-29).
 */
export function planSlices(current: ProjectDoc, target: ProjectDoc): SlicePlan {
  const slices: WriteSlice[] = [];
  let total = 0;
  const settled = { ...current, timeline: { ...current.timeline } } as unknown as Obj;
  for (const path of ENTITY_MAPS) {
    const from = mapAt(current, path);
    const to = mapAt(target, path);
    if (!from || !to) continue;
    const same = { ...from };
    const changed: string[] = [];
    for (const id of Object.keys(to)) {
      if (has(from, id) && sameJson(from[id], to[id])) same[id] = to[id];
      else changed.push(id);
    }
    (path.length === 1 ? settled : (settled[path[0]!] as Obj))[path[path.length - 1]!] = same;
    const removed = Object.keys(from).filter((id) => !has(to, id));
    total += changed.length + removed.length;
    for (const batch of batchEntries(changed.map((id): [string, unknown] => [id, to[id]]))) slices.push({ path, write: batch.map(([id]) => id), remove: [] });
    for (let i = 0; i < removed.length; i += DELETES_PER_CHANGE) slices.push({ path, write: [], remove: removed.slice(i, i + DELETES_PER_CHANGE) });
  }
  return { slices: total < SLICE_MIN_IDS ? [] : slices, settled: settled as unknown as ProjectDoc };
}

/**
 * Writes the slices into the document, one change each, letting the event loop answer others
 * between them (`breathe`). Each change is made on the api's thread against the document as it is
 * then, so, like the final change, it comes after every live edit seen so far and writes only
 * what differs from `current` (a field a live edit changed and the write did not is kept).
 * Returns `current` as it is after the slices: what the final change diffs against, so it writes
 * only what the slices did not.
 */
export async function applySlices(
  handle: DocHandle<ProjectDoc>,
  slices: WriteSlice[],
  current: ProjectDoc,
  target: ProjectDoc,
  breathe: () => Promise<void>,
): Promise<ProjectDoc> {
  for (const slice of slices) {
    const from = mapAt(current, slice.path)!;
    const to = mapAt(target, slice.path)!;
    trustedChange(() =>
      handle.change((d) => {
        const map = mapAt(d, slice.path);
        if (!map) return;
        for (const id of slice.remove) if (has(map, id)) delete map[id];
        for (const id of slice.write) {
          const wanted = to[id] as Obj;
          const was = from[id];
          if (isRecord(was) && isRecord(map[id])) assignDeep(map[id] as Obj, wanted, was);
          else map[id] = copyPlain(wanted);
        }
      }),
    );
    await breathe();
  }
  return withEntities(current, target, slices);
}
