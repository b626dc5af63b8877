import type { ProjectJson } from '@beamstage/layers';

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
  keyframe: { get: (p: ProjectJson) => p.timeline.keyframes, set: (p: ProjectJson, v: unknown[]) => void (p.timeline.keyframes = v as ProjectJson['timeline']['keyframes']) },
  timelineScene: {
    get: (p: ProjectJson) => p.timeline.timelineScenes,
    set: (p: ProjectJson, v: unknown[]) => void (p.timeline.timelineScenes = v as ProjectJson['timeline']['timelineScenes']),
  },
  marker: { get: (p: ProjectJson) => p.timeline.markers, set: (p: ProjectJson, v: unknown[]) => void (p.timeline.markers = v as ProjectJson['timeline']['markers']) },
  transition: {
    get: (p: ProjectJson) => p.timeline.sceneTransitions,
    set: (p: ProjectJson, v: unknown[]) => void (p.timeline.sceneTransitions = v as ProjectJson['timeline']['sceneTransitions']),
  },
} as const;

export type EntityKind = keyof typeof ENTITY_KINDS;
const KINDS = Object.keys(ENTITY_KINDS) as EntityKind[];

const key = (kind: EntityKind, id: string) => `${kind}:${id}`;
/** Deep JSON equality ignoring key order (jsonb stores keys sorted, so stringify would differ). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameJson(v, bb[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
const same = sameJson;

/** Stamps every entity of a new project with its first revision. */
export function stampAll(project: ProjectJson, revision: number): EntityRevs {
  const revs: EntityRevs = {};
  for (const kind of KINDS) for (const e of ENTITY_KINDS[kind].get(project) as unknown as WithId[]) revs[key(kind, e.id)] = revision;
  return revs;
}

export interface MergeResult {
  project: ProjectJson;
  revs: EntityRevs;
  /** Entities kept because the server holds a newer version than the client's base. */
  kept: string[];
}

/**
 * Applies a client's project as a change on the stored one, entity by entity: entities the client
 * sent replace the stored ones unless the stored one is newer than the client's base revision (then
 * the newer stays); entities the client left out are removed only if the client had seen them.
 * Non-list fields (canvas, metadata, warp points, timeline settings) take the client's values.
 */
export function mergeProject(stored: ProjectJson, incoming: ProjectJson, storedRevs: EntityRevs, base: number, next: number): MergeResult {
  const project = structuredClone(incoming);
  const revs: EntityRevs = { ...storedRevs };
  const kept: string[] = [];
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
        kept.push(k);
      } else {
        out.push(e);
        if (!old || !same(old, e)) revs[k] = next;
      }
    }
    before.forEach((e, index) => {
      if (seen.has(e.id)) return;
      const k = key(kind, e.id);
      if ((revs[k] ?? 0) > base) {
        out.splice(Math.min(index, out.length), 0, e);
        kept.push(k);
      } else {
        delete revs[k];
      }
    });
    set(project, out);
  }
  return { project, revs, kept };
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
