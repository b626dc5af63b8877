import { ENTITY_LISTS } from '@beamstage/layers';

/** The document's maps of entities by id (layers, assets, scenes, the timeline's): where large writes add, change and delete. */
export const ENTITY_MAPS = ENTITY_LISTS.map((e) => [...e.path]);

/** The object at `path` from `root`, or undefined where a step is missing or not an object. */
export function mapAt(root: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  let v = root as Record<string, unknown> | undefined;
  for (const key of path) v = v && typeof v[key] === 'object' && v[key] !== null ? (v[key] as Record<string, unknown>) : undefined;
  return v;
}

/** Entities of one map taken from a target: ids to set as the target holds them, and ids to delete. */
export interface EntityEdit {
  path: readonly string[];
  write: readonly string[];
  remove: readonly string[];
}

/**
 * `current` with the edits' entities as `target` holds them (removed ones gone): what a write's
 * next change diffs against once some of its entities were written by changes of their own
 * (additions built by the worker, slices). `current` is left as it is, and is returned itself
 * when there is nothing to edit. Each entity map is copied once, not once per edit: copying the
 * 950-layer map for each of its ~30 batches held the api's thread ~130 ms (a CPU profile of the
 * largest allowed write).
 */
export function withEntities<T extends object>(current: T, target: T, edits: readonly EntityEdit[]): T {
  if (edits.length === 0) return current;
  const root = current as unknown as Record<string, unknown>;
  const after: Record<string, unknown> = { ...root, timeline: { ...(root.timeline as object) } };
  const copied = new Map<string, Record<string, unknown>>();
  for (const edit of edits) {
    const key = edit.path.join('.');
    let map = copied.get(key);
    if (!map) {
      const parent = edit.path.length === 1 ? after : (after[edit.path[0]!] as Record<string, unknown>);
      const last = edit.path[edit.path.length - 1]!;
      copied.set(key, (map = parent[last] = { ...(parent[last] as object) }));
    }
    const from = mapAt(target, edit.path)!;
    for (const id of edit.remove) delete map[id];
    for (const id of edit.write) map[id] = from[id];
  }
  return after as unknown as T;
}
