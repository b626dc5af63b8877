import { ENTITY_LISTS } from '@beamstage/layers';

/** The document's maps of entities by id (layers, assets, scenes, the timeline's): where large writes add, change and delete. */
export const ENTITY_MAPS = ENTITY_LISTS.map((e) => [...e.path]);

/** The object at `path` from `root`, or undefined where a step is missing or not an object. */
export function mapAt(root: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  let v = root as Record<string, unknown> | undefined;
  for (const key of path) v = v && typeof v[key] === 'object' && v[key] !== null ? (v[key] as Record<string, unknown>) : undefined;
  return v;
}
