import { ENTITY_LISTS, sameJson as same, type ProjectJson } from '@beamstage/layers';
import { ENTITY_KINDS, fieldKey, fieldPaths, getField, key, KINDS, setField, type EntityKind, type EntityRevs, type WithId } from './entities';
import { baseRevision, normaliseProjectBody } from './project-body';
import type { StoredProject } from './project-repository';

/** Where each entity kind lives in the exchange JSON, as a REST answer names it (`layers`, `timeline.keyframes`). */
const LIST_PATHS = Object.fromEntries(ENTITY_LISTS.map((e) => [e.kind, e.path.join('.')])) as Record<EntityKind, string>;

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

/**
 * POST /api/projects/update's change: the client's whole project, normalised and validated, with
 * publication and the creation time kept as stored (not the client's to change here), merged on
 * the current project from the body's base revision.
 */
export function mergeProjectBody(stored: StoredProject, body: Record<string, unknown>, nowIso: string): MergeResult {
  const incoming = normaliseProjectBody(body, stored.id, nowIso, { partial: false });
  incoming.metadata.isPublic = stored.isPublic;
  incoming.metadata.created = stored.data.metadata.created;
  const base = baseRevision(body, { revision: stored.revision, modified: stored.data.metadata.modified });
  return mergeProject(stored.data, incoming, stored.entityRevs, base);
}

/** POST /api/scenes/save's change: the client's scenes and timeline on the current project, merged the same way. */
export function mergeScenesBody(stored: StoredProject, body: { scenes: unknown; timeline: object } & Record<string, unknown>, nowIso: string): MergeResult {
  const candidate = { ...stored.data, scenes: body.scenes, timeline: { ...stored.data.timeline, ...body.timeline } };
  const incoming = normaliseProjectBody(candidate, stored.id, nowIso, { partial: false });
  const base = baseRevision(body, { revision: stored.revision, modified: stored.data.metadata.modified });
  return mergeProject(stored.data, incoming, stored.entityRevs, base);
}
