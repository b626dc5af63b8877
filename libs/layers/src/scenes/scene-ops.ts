// Scene operations of spec sections 4 and 5, on a draft document.
import { writeEntry } from '../document/assign';
import { normalizeBlendMode } from '../schema/blend';
import { PRIMARY_SCENE_NAME, defaultCanvas, defaultWarpPoints } from '../schema/defaults';
import type { DocScene, ProjectDoc } from '../document/doc';
import { orderedLayers, orderedScenes } from '../document/doc';
import type { SceneId } from '../schema/ids';
import { cloneJson, isRecord } from '../schema/json';
import type { Logger } from '../schema/logger';
import { MSG_SCENE_NOT_FOUND, silentLogger } from '../schema/logger';
import { normalizeAfterOperation } from '../document/normalize';
import { evenKeys, keyBetween } from '../document/order-key';
import type { CanvasSettings, Layer, Point, Scene } from '../schema/types';

/** Default name of a new scene: "Scene N", N the count plus one (spec section 5). */
export function nextSceneName(doc: Pick<ProjectDoc, 'scenes'>): string {
  return `Scene ${Object.keys(doc.scenes).length + 1}`;
}

/** The project's current state as a scene (layers in list order, canvas, warp points). */
export function captureScene(doc: ProjectDoc, id: SceneId, nowIso: string, name = nextSceneName(doc), description = ''): Scene {
  const layers = orderedLayers(doc).map((l) => {
    const { order: _o, ...rest } = cloneJson(l);
    return rest as Layer;
  });
  return {
    id,
    name,
    description,
    layers,
    canvas: cloneJson(doc.canvas),
    warpPoints: cloneJson(doc.warpPoints),
    created: nowIso,
    modified: nowIso,
    metadata: { created: nowIso, modified: nowIso },
  };
}

function placeSceneAt(doc: ProjectDoc, id: string, index: number): void {
  const others = orderedScenes(doc).filter((s) => s.id !== id);
  const prev = others[index - 1];
  const next = others[index];
  if (prev && next && prev.order >= next.order) {
    const list = [...others.slice(0, index), doc.scenes[id]!, ...others.slice(index)];
    const keys = evenKeys(list.length);
    list.forEach((s, i) => {
      if (s.order !== keys[i]) s.order = keys[i]!;
    });
    return;
  }
  doc.scenes[id]!.order = keyBetween(prev?.order ?? null, next?.order ?? null);
}

/** Adds a scene at the end of the list. */
export function createScene(doc: ProjectDoc, scene: Scene): SceneId {
  doc.scenes[scene.id] = { ...cloneJson(scene), order: 'V' } as DocScene;
  placeSceneAt(doc, scene.id, Object.keys(doc.scenes).length - 1);
  return scene.id;
}

export type ScenePatch = Partial<Pick<Scene, 'name' | 'description' | 'layers' | 'canvas' | 'warpPoints' | 'thumbnail' | 'thumbnailUrl'>>;

/** Updates a scene's fields and its modified time; false for an unknown id. */
export function updateScene(doc: ProjectDoc, id: string, patch: ScenePatch, nowIso: string): boolean {
  const scene = doc.scenes[id];
  if (!scene) return false;
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) {
    if (v === undefined) delete (scene as unknown as Record<string, unknown>)[k];
    else (scene as unknown as Record<string, unknown>)[k] = cloneJson(v);
  }
  scene.modified = nowIso;
  scene.metadata.modified = nowIso;
  scene.metadata.lastUpdated = nowIso;
  return true;
}

export function deleteScene(doc: ProjectDoc, id: string): boolean {
  if (!doc.scenes[id]) return false;
  delete doc.scenes[id];
  return true;
}

/** Copies a scene right after the original, name suffixed " Copy", never marked primary. */
export function duplicateScene(doc: ProjectDoc, id: string, newId: SceneId, nowIso: string): SceneId | null {
  const src = doc.scenes[id];
  if (!src) return null;
  const index = orderedScenes(doc).findIndex((s) => s.id === id);
  const copy = cloneJson(src);
  copy.id = newId;
  copy.name = `${src.name} Copy`;
  copy.created = nowIso;
  copy.modified = nowIso;
  copy.metadata = { created: nowIso, modified: nowIso };
  doc.scenes[newId] = copy;
  placeSceneAt(doc, newId, index + 1);
  return newId;
}

/** Moves a scene to an index, clamped to the list. */
export function reorderScene(doc: ProjectDoc, id: string, toIndex: number): number {
  const list = orderedScenes(doc);
  if (!doc.scenes[id]) return -1;
  const target = Math.max(0, Math.min(list.length - 1, Math.round(toIndex)));
  if (list[target]?.id !== id) placeSceneAt(doc, id, target);
  return target;
}

/** Removes every scene. */
export function clearScenes(doc: ProjectDoc): number {
  const ids = Object.keys(doc.scenes);
  for (const id of ids) delete doc.scenes[id];
  return ids.length;
}

/** Adds scenes from another project; a colliding id gets a fresh one from makeId. */
export function importScenes(doc: ProjectDoc, scenes: readonly Scene[], makeId: () => SceneId): SceneId[] {
  return scenes.map((s) => {
    const id = doc.scenes[s.id] ? makeId() : s.id;
    return createScene(doc, { ...cloneJson(s), id });
  });
}

/** A scene's canvas, with the spec defaults (800x600, #000000, normal) for anything missing. */
export function sceneCanvas(scene: Partial<Pick<Scene, 'canvas'>>): CanvasSettings {
  const d = defaultCanvas();
  const c: Partial<CanvasSettings> = isRecord(scene.canvas) ? scene.canvas : {};
  return {
    width: typeof c.width === 'number' && c.width > 0 ? c.width : d.width,
    height: typeof c.height === 'number' && c.height > 0 ? c.height : d.height,
    background: typeof c.background === 'string' ? c.background : d.background,
    blendMode: normalizeBlendMode(c.blendMode),
  };
}

/** Makes the document's layers, canvas and warp points those of the scene (field-level writes). */
export function applySceneState(doc: ProjectDoc, state: { layers: readonly Layer[]; canvas?: CanvasSettings; warpPoints?: readonly Point[] }): void {
  const keys = evenKeys(state.layers.length);
  const wanted = new Set(state.layers.map((l) => l.id as string));
  for (const id of Object.keys(doc.layers)) if (!wanted.has(id)) delete doc.layers[id];
  state.layers.forEach((l, i) => writeEntry(doc.layers, l.id, { ...cloneJson(l), order: keys[i]! }));
  writeEntry(doc as unknown as Record<string, unknown>, 'canvas', sceneCanvas(state));
  const wp = state.warpPoints && state.warpPoints.length === 4 ? state.warpPoints : defaultWarpPoints();
  if (JSON.stringify(doc.warpPoints) !== JSON.stringify(wp)) doc.warpPoints = cloneJson([...wp]);
  normalizeAfterOperation(doc);
}

/** Applies a scene by id; an unknown id is a logged error and changes nothing. */
export function switchScene(doc: ProjectDoc, id: string, logger: Logger = silentLogger): boolean {
  const scene = doc.scenes[id];
  if (!scene) {
    logger.error(`${MSG_SCENE_NOT_FOUND}: ${id}`);
    return false;
  }
  applySceneState(doc, cloneJson(scene));
  return true;
}

/** The Primary scene: flagged isPrimaryScene, else named Primary. */
export function findPrimaryScene(doc: Pick<ProjectDoc, 'scenes'>): DocScene | null {
  const list = Object.values(doc.scenes);
  return list.find((s) => s.metadata?.isPrimaryScene === true) ?? list.find((s) => s.name === PRIMARY_SCENE_NAME) ?? null;
}

export interface PrimaryUpdateContext {
  /** The scene the editor is working in; null means the project's main state. */
  activeSceneId: string | null;
  isPlaying: boolean;
  /** Stops timeline playback (called first when it is playing). */
  stopPlayback: () => void;
  nowIso: string;
}

/**
 * Writes the current state into the Primary scene, creating it when missing. Allowed only when the
 * Primary scene is the active context; a playing timeline is stopped first (spec section 4).
 */
export function updatePrimaryScene(doc: ProjectDoc, ctx: PrimaryUpdateContext, newId: SceneId): SceneId | null {
  const primary = findPrimaryScene(doc);
  const isActive = ctx.activeSceneId === null || (primary !== null && ctx.activeSceneId === primary.id);
  if (!isActive) return null;
  if (ctx.isPlaying) ctx.stopPlayback();
  const snap = captureScene(doc, primary?.id ?? newId, ctx.nowIso, PRIMARY_SCENE_NAME);
  if (!primary) {
    snap.metadata.isPrimaryScene = true;
    return createScene(doc, snap);
  }
  updateScene(doc, primary.id, { layers: snap.layers, canvas: snap.canvas, warpPoints: snap.warpPoints }, ctx.nowIso);
  primary.metadata.isPrimaryScene = true;
  return primary.id;
}

/** State saved when preview mode starts, restored when it ends. */
export interface PreviewState {
  layers: Layer[];
  canvas: CanvasSettings;
  warpPoints: Point[];
}

/** Saves the current state, then applies the scene; null (nothing changed) for an unknown scene. */
export function enterPreview(doc: ProjectDoc, sceneId: string, logger: Logger = silentLogger): PreviewState | null {
  if (!doc.scenes[sceneId]) {
    logger.error(`${MSG_SCENE_NOT_FOUND}: ${sceneId}`);
    return null;
  }
  const saved: PreviewState = {
    layers: orderedLayers(doc).map((l) => {
      const { order: _o, ...rest } = cloneJson(l);
      return rest as Layer;
    }),
    canvas: cloneJson(doc.canvas),
    warpPoints: cloneJson(doc.warpPoints),
  };
  switchScene(doc, sceneId, logger);
  return saved;
}

/** Restores the state saved by enterPreview. */
export function exitPreview(doc: ProjectDoc, saved: PreviewState): void {
  applySceneState(doc, saved);
}
