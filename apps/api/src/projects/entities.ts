import { sameJson as same, type ProjectJson } from '@beamstage/layers';

/** Entity revision stamps: `kind:id` -> the project revision that last wrote it. */
export type EntityRevs = Record<string, number>;

interface WithId {
  id: string;
}

/** The keyed lists of a project (the maps of the Automerge document later). */
export const ENTITY_KINDS = {
  layer: { get: (p: ProjectJson) => p.layers, set: (p: ProjectJson, v: unknown[]) => void (p.layers = v as ProjectJson['layers']) },
  scene: { get: (p: ProjectJson) => p.scenes, set: (p: ProjectJson, v: unknown[]) => void (p.scenes = v as ProjectJson['scenes']) },
  asset: { get: (p: ProjectJson) => p.assets, set: (p: ProjectJson, v: unknown[]) => void (p.assets = v as ProjectJson['assets']) },
  keyframe: {
    get: (p: ProjectJson) => p.timeline.keyframes,
    set: (p: ProjectJson, v: unknown[]) => void (p.timeline.keyframes = v as ProjectJson['timeline']['keyframes']),
  },
  timelineScene: {
    get: (p: ProjectJson) => p.timeline.timelineScenes,
    set: (p: ProjectJson, v: unknown[]) => void (p.timeline.timelineScenes = v as ProjectJson['timeline']['timelineScenes']),
  },
  marker: {
    get: (p: ProjectJson) => p.timeline.markers,
    set: (p: ProjectJson, v: unknown[]) => void (p.timeline.markers = v as ProjectJson['timeline']['markers']),
  },
  transition: {
    get: (p: ProjectJson) => p.timeline.sceneTransitions,
    set: (p: ProjectJson, v: unknown[]) => void (p.timeline.sceneTransitions = v as ProjectJson['timeline']['sceneTransitions']),
  },
} as const;

export type EntityKind = keyof typeof ENTITY_KINDS;
const KINDS = Object.keys(ENTITY_KINDS) as EntityKind[];

const key = (kind: EntityKind, id: string) => `${kind}:${id}`;

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
const TIMELINE_LISTS = new Set(['timelineScenes', 'markers', 'keyframes', 'sceneTransitions']);

type FieldPath = readonly [string] | readonly [string, string];

function fieldPaths(a: ProjectJson, b: ProjectJson): FieldPath[] {
  const paths: FieldPath[] = [['canvas'], ['warpPoints']];
  const keys = (x: unknown) => Object.keys((x ?? {}) as object);
  for (const k of new Set([...keys(a.metadata), ...keys(b.metadata)])) if (!SERVER_METADATA.has(k)) paths.push(['metadata', k]);
  for (const k of new Set([...keys(a.timeline), ...keys(b.timeline)])) if (!TIMELINE_LISTS.has(k)) paths.push(['timeline', k]);
  return paths;
}
const fieldKey = (path: FieldPath) => `field:${path.join('.')}`;
const getField = (p: ProjectJson, path: FieldPath): unknown => {
  const top = (p as unknown as Record<string, unknown>)[path[0]];
  return path.length === 1 ? top : ((top ?? {}) as Record<string, unknown>)[path[1]];
};
const setField = (p: ProjectJson, path: FieldPath, value: unknown) => {
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

/** Where each entity kind lives in the exchange JSON, as a REST answer names it. */
const LIST_PATHS: Record<EntityKind, string> = {
  layer: 'layers',
  scene: 'scenes',
  asset: 'assets',
  keyframe: 'timeline.keyframes',
  timelineScene: 'timeline.timelineScenes',
  marker: 'timeline.markers',
  transition: 'timeline.sceneTransitions',
};

/**
 * One part of a client's write that did not apply because the server holds a newer version than
 * the client's base (the documented rule: a field changed since the base wins). `path` is the
 * field (`metadata.name`, `canvas`, `timeline.fps`) or the list (`layers`, `timeline.keyframes`);
 * `id` and `name` name the entity of a list (the version kept). `reason` is `newer`: the client's
 * value was not applied. An entity newer than the base that the client left out is kept too but
 * not reported: its stamp cannot tell a deletion by the client from an entity added after the
 * client's base (another editor's new layer, the common case), which is no change of the client's.
 */
export interface KeptChange {
  readonly path: string;
  readonly id?: string;
  readonly name?: string;
  readonly reason: 'newer';
}

export interface MergeResult {
  project: ProjectJson;
  /** Entities and fields kept because the server holds a newer version than the client's base. */
  kept: KeptChange[];
}

function keptEntity(kind: EntityKind, entity: WithId): KeptChange {
  const name = (entity as { name?: unknown }).name;
  return { path: LIST_PATHS[kind], id: entity.id, ...(typeof name === 'string' ? { name } : {}), reason: 'newer' };
}

/**
 * Applies a client's project as a change on the current one, entity by entity: entities the client
 * sent replace the current ones unless the current one is newer than the client's base revision
 * (then the newer stays); entities the client left out are removed only if the client had seen
 * them. Non-list fields (canvas, metadata, warp points, timeline settings) take the client's values
 * unless the current value is newer than the base.
 */
export function mergeProject(stored: ProjectJson, incoming: ProjectJson, revs: EntityRevs, base: number): MergeResult {
  // New lists and new objects at every level a merge writes (lists, metadata.*, timeline.*); the
  // entries themselves are shared with `incoming` and `stored`, never written (no deep copy of the
  // whole body per write: the document conversion copies what it keeps).
  const project: ProjectJson = { ...incoming, metadata: { ...incoming.metadata }, timeline: { ...incoming.timeline } };
  const kept: KeptChange[] = [];
  for (const kind of KINDS) {
    const { get, set } = ENTITY_KINDS[kind];
    const before = get(stored) as unknown as WithId[];
    const byId = new Map(before.map((e) => [e.id, e]));
    const out: WithId[] = [];
    const seen = new Set<string>();
    for (const e of get(incoming) as unknown as WithId[]) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      const k = key(kind, e.id);
      const old = byId.get(e.id);
      if (old && (revs[k] ?? 0) > base && !same(old, e)) {
        out.push(old);
        kept.push(keptEntity(kind, old));
      } else {
        out.push(e);
      }
    }
    before.forEach((e, index) => {
      if (seen.has(e.id)) return;
      const k = key(kind, e.id);
      if ((revs[k] ?? 0) > base) {
        out.splice(Math.min(index, out.length), 0, e);
      }
    });
    set(project, out);
  }
  for (const path of fieldPaths(stored, incoming)) {
    const k = fieldKey(path);
    const old = getField(stored, path);
    if ((revs[k] ?? 0) > base && !same(old, getField(incoming, path))) {
      setField(project, path, structuredClone(old));
      kept.push({ path: path.join('.'), reason: 'newer' });
    }
  }
  return { project, kept };
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
