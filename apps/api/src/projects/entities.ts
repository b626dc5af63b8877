import { ENTITY_LISTS, sameJson as same, TIMELINE_ENTITY_LISTS, type EntityKind, type ProjectJson } from '@beamstage/layers';

/** Entity revision stamps: `kind:id` -> the project revision that last wrote it. */
export type EntityRevs = Record<string, number>;

export interface WithId {
  id: string;
}

type Obj = Record<string, unknown>;
/** The object holding a list (the project, or its timeline) and the list's key there. */
const holder = (p: ProjectJson, path: readonly string[]): [Obj, string] =>
  path.length === 1 ? [p as unknown as Obj, path[0]!] : [(p as unknown as Obj)[path[0]!] as Obj, path[1]!];

/** Reading and replacing each keyed list of a project (libs/layers' ENTITY_LISTS) by kind. */
export const ENTITY_KINDS = Object.fromEntries(
  ENTITY_LISTS.map(({ kind, path }) => [
    kind,
    {
      get: (p: ProjectJson): unknown[] => {
        const [obj, k] = holder(p, path);
        return obj[k] as unknown[];
      },
      set: (p: ProjectJson, v: unknown[]): void => {
        const [obj, k] = holder(p, path);
        obj[k] = v;
      },
    },
  ]),
) as Record<EntityKind, { get(p: ProjectJson): unknown[]; set(p: ProjectJson, v: unknown[]): void }>;

export type { EntityKind };
export const KINDS: readonly EntityKind[] = ENTITY_LISTS.map((e) => e.kind);

export const key = (kind: EntityKind, id: string) => `${kind}:${id}`;

/** Stamps every entity of a new project with its first revision. */
export function stampAll(project: ProjectJson, revision: number): EntityRevs {
  const revs: EntityRevs = {};
  for (const kind of KINDS) for (const e of ENTITY_KINDS[kind].get(project) as unknown as WithId[]) revs[key(kind, e.id)] = revision;
  return revs;
}

/**
 * Non-list values stamped like entities (`field:<path>`), so a stale save cannot revert a newer
 * name, canvas or timeline setting either. Server-owned metadata (id, created, modified, isPublic)
 * is not the client's and is never stamped.
 */
const SERVER_METADATA = new Set(['id', 'created', 'modified', 'isPublic']);
const TIMELINE_LISTS = new Set(TIMELINE_ENTITY_LISTS);

export type FieldPath = readonly [string] | readonly [string, string];

export function fieldPaths(a: ProjectJson, b: ProjectJson): FieldPath[] {
  const paths: FieldPath[] = [['canvas'], ['warpPoints']];
  const keys = (x: unknown) => Object.keys((x ?? {}) as object);
  for (const k of new Set([...keys(a.metadata), ...keys(b.metadata)])) if (!SERVER_METADATA.has(k)) paths.push(['metadata', k]);
  for (const k of new Set([...keys(a.timeline), ...keys(b.timeline)])) if (!TIMELINE_LISTS.has(k)) paths.push(['timeline', k]);
  return paths;
}
export const fieldKey = (path: FieldPath) => `field:${path.join('.')}`;
export const getField = (p: ProjectJson, path: FieldPath): unknown => {
  const top = (p as unknown as Record<string, unknown>)[path[0]];
  return path.length === 1 ? top : ((top ?? {}) as Record<string, unknown>)[path[1]];
};
export const setField = (p: ProjectJson, path: FieldPath, value: unknown) => {
  const root = p as unknown as Record<string, Record<string, unknown>>;
  if (path.length === 1) (root as Record<string, unknown>)[path[0]] = value;
  else if (value === undefined) delete root[path[0]]![path[1]];
  else root[path[0]]![path[1]] = value;
};

/**
 * Stamps what changed between two states of a project with `next`: entities and fields that are
 * new or differ get it, removed entities lose their stamps. The row's stamps then say which
 * revision last wrote each part, whoever wrote it (a REST save or a live edit on the document).
 */
export function stampChanges(before: ProjectJson, after: ProjectJson, storedRevs: EntityRevs, next: number): EntityRevs {
  const revs: EntityRevs = { ...storedRevs };
  for (const kind of KINDS) {
    const { get } = ENTITY_KINDS[kind];
    const old = new Map((get(before) as unknown as WithId[]).map((e) => [e.id, e]));
    const seen = new Set<string>();
    for (const e of get(after) as unknown as WithId[]) {
      seen.add(e.id);
      const o = old.get(e.id);
      if (!o || !same(o, e)) revs[key(kind, e.id)] = next;
    }
    for (const id of old.keys()) if (!seen.has(id)) delete revs[key(kind, id)];
  }
  for (const path of fieldPaths(before, after)) if (!same(getField(before, path), getField(after, path))) revs[fieldKey(path)] = next;
  return revs;
}

/** Whether two states of a project hold the same content (the modified stamp aside). */
export function sameContent(a: ProjectJson, b: ProjectJson): boolean {
  return same(
    { ...a, history: undefined, metadata: { ...a.metadata, modified: undefined } },
    { ...b, history: undefined, metadata: { ...b.metadata, modified: undefined } },
  );
}

/** The ids among `ids` written after `base`: deleting them would lose data the client never saw. */
export function newerThan(revs: EntityRevs, kind: EntityKind, ids: readonly string[], base: number): string[] {
  return ids.filter((id) => (revs[key(kind, id)] ?? 0) > base);
}

/** Removes entities of one kind by id, returning the removed ids; drops their stamps. */
export function removeEntities(project: ProjectJson, revs: EntityRevs, kind: EntityKind, remove: (id: string) => boolean): string[] {
  const { get, set } = ENTITY_KINDS[kind];
  const removed: string[] = [];
  const rest = (get(project) as unknown as WithId[]).filter((e) => {
    if (!remove(e.id)) return true;
    removed.push(e.id);
    delete revs[key(kind, e.id)];
    return false;
  });
  set(project, rest);
  return removed;
}
