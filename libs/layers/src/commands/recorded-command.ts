// A command that runs an operation once and records the before and after values of what it
// touched. Undo and redo are three-way applies of those values (users.md: undo undoes your own
// changes, not your collaborator's): a value is written back only where the document still holds
// what this command left there, so a collaborator's later edit of the same layer, field or entry
// survives our undo and our redo. Field by field, which also merges well in Automerge.
import type { DocLayer, DocScene, ProjectDoc } from '../document/doc';
import type { Command } from './history';
import { cloneJson, isRecord, sameJson } from '../schema/json';
import type { ProjectMetadata } from '../schema/types';

export interface CommandScope {
  /** Layer ids the operation may create, change or delete in full; 'all' for scene loads. */
  layers?: readonly string[] | 'all';
  scenes?: readonly string[] | 'all';
  canvas?: boolean;
  warpPoints?: boolean;
  /**
   * False when the operation cannot change any other layer's order, type or blend mode (updates,
   * warp edits, nudges, canvas): then those are not captured for every layer. Default true.
   */
  layout?: boolean;
  /** The project metadata (name, description, ...), for an undoable "rename project". */
  metadata?: boolean;
  /**
   * The timeline block (settings, keyframes, markers, timeline scenes, transitions). Recorded as
   * a whole and applied back field by field, entry by entry, so undoing one keyframe drag leaves
   * a collaborator's other keyframes and settings alone.
   */
  timeline?: boolean;
}

/** A command that exposes the operation's result after its first execute. */
export interface RecordedCommand<R> extends Command {
  readonly result: R | undefined;
}

type Light = { order: string; type: string; blendMode: string };
const light = (l: DocLayer): Light => ({ order: l.order, type: l.type, blendMode: l.blendMode });

interface Snapshot {
  layers: Map<string, DocLayer | null>;
  lights: Map<string, Light>;
  scenes: Map<string, DocScene | null>;
  canvas?: ProjectDoc['canvas'];
  warpPoints?: ProjectDoc['warpPoints'];
  metadata?: ProjectMetadata;
  timeline?: ProjectDoc['timeline'];
}

function ids(scope: readonly string[] | 'all' | undefined, map: Record<string, unknown>, extra: Iterable<string> = []): Set<string> {
  const set = new Set<string>(scope === 'all' ? Object.keys(map) : (scope ?? []));
  for (const id of extra) set.add(id);
  return set;
}

function take<T>(map: Record<string, T>, keys: Iterable<string>): Map<string, T | null> {
  const out = new Map<string, T | null>();
  for (const k of keys) out.set(k, map[k] !== undefined ? cloneJson(map[k]!) : null);
  return out;
}

/** A copy for writing: Automerge refuses an object that is already in a document. */
function fresh(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? cloneJson(value) : value;
}

/**
 * Moves target[key] from `from` to `to` where nobody else has changed it: plain objects are decided
 * key by key, anything else (arrays such as warp points, primitives, a missing key) is one value,
 * written only while the document still holds `from` there. A missing key is `undefined`.
 */
function applyField(target: Record<string, unknown>, key: string, from: unknown, to: unknown): void {
  if (sameJson(from, to)) return;
  const current = target[key];
  if (isRecord(from) && isRecord(to)) {
    // Gone or replaced by a collaborator: their value wins.
    if (isRecord(current)) applyFields(current, from, to);
    return;
  }
  if (!sameJson(current, from)) return;
  if (to === undefined) delete target[key];
  else target[key] = fresh(to);
}

function applyFields(target: Record<string, unknown>, from: Record<string, unknown>, to: Record<string, unknown>): void {
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) applyField(target, key, from[key], to[key]);
}

/**
 * One entry of a map keyed by id; null is "no entry". An entry is created only where none exists,
 * deleted only while it is still exactly ours (a layer we added that someone has since edited
 * stays), and otherwise changed field by field; one deleted meanwhile stays deleted.
 */
function applyEntry<T>(map: Record<string, T>, id: string, from: T | null, to: T | null): void {
  const current = map[id];
  if (from === null) {
    if (to !== null && current === undefined) map[id] = cloneJson(to);
  } else if (to === null) {
    if (current !== undefined && sameJson(current, from)) delete map[id];
  } else if (isRecord(current)) {
    applyFields(current, from as Record<string, unknown>, to as Record<string, unknown>);
  }
}

function applyEntries<T>(map: Record<string, T>, from: Map<string, T | null>, to: Map<string, T | null>): void {
  for (const [id, v] of to) applyEntry(map, id, from.get(id) ?? null, v);
}

/** Other layers' order, type and blend mode, each guarded; a light whose layer is gone is skipped. */
function applyLights(doc: ProjectDoc, from: Map<string, Light>, to: Map<string, Light>): void {
  for (const [id, t] of to) {
    const layer = doc.layers[id];
    const f = from.get(id);
    if (layer && f) applyFields(layer as unknown as Record<string, unknown>, f, t);
  }
}

/** Takes the document from state `from` to state `to` wherever it still holds `from`. */
function applyGuarded(doc: ProjectDoc, from: Snapshot, to: Snapshot): void {
  applyEntries(doc.layers, from.layers, to.layers);
  applyLights(doc, from.lights, to.lights);
  applyEntries(doc.scenes, from.scenes, to.scenes);
  if (from.canvas && to.canvas)
    applyFields(
      doc.canvas as unknown as Record<string, unknown>,
      from.canvas as unknown as Record<string, unknown>,
      to.canvas as unknown as Record<string, unknown>,
    );
  if (from.warpPoints && to.warpPoints) applyField(doc as unknown as Record<string, unknown>, 'warpPoints', from.warpPoints, to.warpPoints);
  if (from.metadata && to.metadata)
    applyFields(
      doc.metadata as unknown as Record<string, unknown>,
      from.metadata as unknown as Record<string, unknown>,
      to.metadata as unknown as Record<string, unknown>,
    );
  if (from.timeline && to.timeline)
    applyFields(
      doc.timeline as unknown as Record<string, unknown>,
      from.timeline as unknown as Record<string, unknown>,
      to.timeline as unknown as Record<string, unknown>,
    );
}

/** Builds a command from an operation and the scope it may touch. */
export function recordCommand<R>(type: string, description: string, scope: CommandScope, run: (doc: ProjectDoc) => R): RecordedCommand<R> {
  let before: Snapshot | null = null;
  let after: Snapshot | null = null;
  let result: R | undefined;
  return {
    type,
    description,
    get result() {
      return result;
    },
    execute(doc) {
      if (before && after) {
        applyGuarded(doc, before, after);
        return;
      }
      const keysBefore = new Set(Object.keys(doc.layers));
      const sceneKeysBefore = new Set(Object.keys(doc.scenes));
      const layerIds = ids(scope.layers, doc.layers);
      const sceneIds = ids(scope.scenes, doc.scenes);
      const lightsBefore = new Map<string, Light>();
      if (scope.layout !== false) for (const id of keysBefore) if (!layerIds.has(id)) lightsBefore.set(id, light(doc.layers[id]!));
      const b: Snapshot = { layers: take(doc.layers, layerIds), lights: lightsBefore, scenes: take(doc.scenes, sceneIds) };
      if (scope.canvas) b.canvas = cloneJson(doc.canvas);
      if (scope.warpPoints) b.warpPoints = cloneJson(doc.warpPoints);
      if (scope.metadata) b.metadata = cloneJson(doc.metadata);
      if (scope.timeline) b.timeline = cloneJson(doc.timeline);
      result = run(doc);
      // Entries that appeared are part of the change too.
      for (const id of Object.keys(doc.layers))
        if (!keysBefore.has(id) && !layerIds.has(id)) {
          layerIds.add(id);
          b.layers.set(id, null);
        }
      for (const id of Object.keys(doc.scenes))
        if (!sceneKeysBefore.has(id) && !sceneIds.has(id)) {
          sceneIds.add(id);
          b.scenes.set(id, null);
        }
      // Layers removed outside the declared scope are recorded from their light view only; ops declare removals.
      const lightsAfter = new Map<string, Light>();
      const lightsBeforeChanged = new Map<string, Light>();
      for (const [id, lb] of lightsBefore) {
        const l = doc.layers[id];
        if (!l) continue;
        const la = light(l);
        if (la.order !== lb.order || la.type !== lb.type || la.blendMode !== lb.blendMode) {
          lightsAfter.set(id, la);
          lightsBeforeChanged.set(id, lb);
        }
      }
      b.lights = lightsBeforeChanged;
      const a: Snapshot = { layers: take(doc.layers, layerIds), lights: lightsAfter, scenes: take(doc.scenes, sceneIds) };
      if (scope.canvas) a.canvas = cloneJson(doc.canvas);
      if (scope.warpPoints) a.warpPoints = cloneJson(doc.warpPoints);
      if (scope.metadata) a.metadata = cloneJson(doc.metadata);
      if (scope.timeline) a.timeline = cloneJson(doc.timeline);
      before = b;
      after = a;
    },
    undo(doc) {
      if (before && after) applyGuarded(doc, after, before);
    },
  };
}
