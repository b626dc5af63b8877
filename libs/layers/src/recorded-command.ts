// A command that runs an operation once and records the before and after values of what it
// touched, so undo and redo replay exact values (field by field, which merges well in Automerge).
import { assignDeep, writeEntry } from './assign';
import type { DocLayer, DocScene, ProjectDoc } from './doc';
import type { Command } from './history';
import { cloneJson } from './json';

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

function apply(doc: ProjectDoc, s: Snapshot): void {
  for (const [id, v] of s.layers) writeEntry(doc.layers, id, v);
  for (const [id, v] of s.lights) {
    const l = doc.layers[id];
    if (!l) continue;
    if (l.order !== v.order) l.order = v.order;
    if (l.type !== v.type) (l as { type: string }).type = v.type;
    if (l.blendMode !== v.blendMode) (l as { blendMode: string }).blendMode = v.blendMode;
  }
  for (const [id, v] of s.scenes) writeEntry(doc.scenes, id, v);
  if (s.canvas) assignDeep(doc.canvas as unknown as Record<string, unknown>, s.canvas as unknown as Record<string, unknown>);
  if (s.warpPoints) doc.warpPoints = cloneJson(s.warpPoints);
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
      if (after) {
        apply(doc, after);
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
      result = run(doc);
      // Entries that appeared are part of the change too.
      for (const id of Object.keys(doc.layers)) if (!keysBefore.has(id) && !layerIds.has(id)) { layerIds.add(id); b.layers.set(id, null); }
      for (const id of Object.keys(doc.scenes)) if (!sceneKeysBefore.has(id) && !sceneIds.has(id)) { sceneIds.add(id); b.scenes.set(id, null); }
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
      before = b;
      after = a;
    },
    undo(doc) {
      if (before) apply(doc, before);
    },
  };
}
