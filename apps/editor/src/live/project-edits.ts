import {
  addAsset,
  addLayer,
  cloneJson,
  removeAsset,
  duplicateLayer,
  moveLayer,
  normalizeDoc,
  orderedLayers,
  recordCommand,
  removeLayer,
  setProjectWarpPoints,
  toDoc,
  toJson,
  translatePoints,
  updateCanvas,
  updateLayer,
} from '@beamstage/layers';
import type { Asset, CanvasSettings, Command, CommandScope, Layer, LayerId, LayerPatch, Point, ProjectDoc, ProjectJson } from '@beamstage/layers';
import type { Keyframe, Marker, Scene, SceneId, SceneTransition, TimelineSceneEntry } from '@beamstage/layers';
import {
  captureScene,
  clearScenes,
  createScene,
  deleteScene,
  duplicateScene,
  importScenes,
  reorderScene,
  switchScene,
  updatePrimaryScene,
  updateScene,
} from '@beamstage/layers';
import { logger } from '../services/logger';
import type { TimelineSettingsPatch } from './timeline-edits';
import {
  addMarker,
  addPlacement,
  addTransition,
  deleteKeyframes,
  deleteMarker,
  deletePlacement,
  deletePlacementsOfScene,
  deleteTransition,
  moveKeyframes,
  setKeyframe,
  updateKeyframes,
  updateMarker,
  updatePlacement,
  updateTimelineSettings,
  updateTransition,
} from './timeline-edits';

/**
 * Every edit the editor makes, as data: the same edit runs as an Automerge change on the live
 * document or, without one, on the local JSON copy, through the same libs/layers operation.
 * Edits carry intent (toggle, nudge by an offset) so a queued edit replayed on a newer document
 * still does what the person meant.
 */
export type ProjectEdit =
  | { kind: 'add-layer'; layer: Layer }
  | { kind: 'remove-layer'; id: string }
  | { kind: 'move-layer'; id: string; x: number; y: number }
  | { kind: 'nudge-layer'; id: string; dx: number; dy: number }
  | { kind: 'set-opacity'; id: string; opacity: number }
  | { kind: 'toggle-visible'; id: string }
  | { kind: 'toggle-warp'; id: string }
  | { kind: 'set-warp-points'; id: string; points: readonly Point[] }
  | { kind: 'rename-layer'; id: string; name: string }
  | { kind: 'rename-project'; name: string }
  /** Any layer fields (transform, appearance, warp, mask, content, properties); `field` names the burst. */
  | { kind: 'update-layer'; id: string; patch: LayerPatch; field?: string }
  /** One patch on several layers (multi-select): one undo step. */
  | { kind: 'update-layers'; ids: readonly string[]; patch: LayerPatch }
  | { kind: 'remove-layers'; ids: readonly string[] }
  /** Copies right after each original (" Copy", +20/+20); the new ids are chosen by the caller so it can select them. */
  | { kind: 'duplicate-layers'; pairs: readonly { id: string; newId: string }[] }
  /** To a list index (0 = front), constrained to the nearest legal index. */
  | { kind: 'reorder-layer'; id: string; toIndex: number }
  | { kind: 'update-canvas'; patch: Partial<CanvasSettings> }
  | { kind: 'set-project-warp-points'; points: readonly Point[]; field?: string }
  /** Several layers moved together to a list index among the others (their draw order kept), each constrained by the DOM-above-canvas rule. */
  | { kind: 'reorder-layers'; ids: readonly string[]; toIndex: number }
  /** A media layer with the uploaded asset it shows: the asset joins the project's list (a duplicate id is ignored). */
  | { kind: 'add-media-layer'; layer: Layer; asset: Asset }
  // Timeline entities (keyframes, markers, settings, scene placements, transitions) and scenes.
  /** Adds a keyframe, or updates the one of that layer and property at that instant. */
  | { kind: 'set-keyframes'; keyframes: readonly Keyframe[] }
  /** Moves keyframes by an offset in ms (intent), each clamped into [0, duration]. */
  | { kind: 'move-keyframes'; ids: readonly string[]; dt: number }
  | { kind: 'update-keyframes'; ids: readonly string[]; patch: { easing?: string; value?: Keyframe['value'] } }
  | { kind: 'delete-keyframes'; ids: readonly string[] }
  | { kind: 'add-marker'; marker: Marker }
  | { kind: 'update-marker'; id: string; patch: { name?: string; color?: string; time?: number } }
  | { kind: 'delete-marker'; id: string }
  /** Transport settings with the spec's clamps; `field` names the burst (a typed number, a dragged region edge). */
  | { kind: 'update-timeline'; patch: TimelineSettingsPatch; field?: string }
  | { kind: 'add-placement'; entry: TimelineSceneEntry }
  | { kind: 'update-placement'; id: string; patch: { startTime?: number; duration?: number }; nowMs: number }
  | { kind: 'delete-placement'; id: string }
  | { kind: 'add-transition'; transition: SceneTransition }
  | { kind: 'update-transition'; id: string; patch: { startTime?: number; duration?: number; easing?: string } }
  | { kind: 'delete-transition'; id: string }
  /** Captures the current state as a new scene ("Scene N" unless named). */
  | { kind: 'create-scene'; id: string; nowIso: string; name?: string; thumbnail?: string }
  | { kind: 'duplicate-scene'; id: string; newId: string; nowIso: string }
  | { kind: 'rename-scene'; id: string; name: string; nowIso: string }
  /** Writes the current state (and a thumbnail) into an existing scene. */
  | { kind: 'capture-scene'; id: string; nowIso: string; thumbnail?: string }
  /** Deletes a scene and its placements on the timeline (a placement of a missing scene is corrupt data). */
  | { kind: 'delete-scene'; id: string }
  | { kind: 'reorder-scene'; id: string; toIndex: number }
  /** Applies a scene to the project; an unknown id is the spec's logged error. */
  | { kind: 'switch-scene'; id: string; savePrimary?: { newId: string; nowIso: string } }
  /** A local backup's layers, canvas and output warp, restored as one undoable change (files/). */
  | { kind: 'restore-backup'; project: ProjectJson }
  /** An uploaded file or a saved mask joins the project's assets (a duplicate id is ignored). */
  | { kind: 'add-asset'; asset: Asset }
  | { kind: 'remove-asset'; id: string }
  | { kind: 'rename-asset'; id: string; name: string }
  // Scene commands of spec section 4: clear every scene (their placements go too), import scenes (ids already made unique).
  | { kind: 'clear-scenes' }
  | { kind: 'import-scenes'; scenes: readonly Scene[] }
  // Corrupted timeline data found on load (panels/timeline/timeline-repair.ts).
  | { kind: 'repair-timeline'; keyframeIds: readonly string[]; placementIds: readonly string[] }
  // Output calibration: every layer moved together when the projector got bumped.
  | { kind: 'nudge-layers'; ids: readonly string[]; dx: number; dy: number };

/** An operation over a document draft (the shape libs/sync's runOperation takes). */
export type DocOperation = (draft: ProjectDoc) => void;

/** Names are cut to this many characters (they travel in every sync message and REST body). */
export const MAX_NAME_CHARS = 200;

const clampOpacity = (v: number) => Math.min(1, Math.max(0, v));

/** The libs/layers operation that performs an edit on a document draft. */
export function operationFor(edit: ProjectEdit): DocOperation {
  switch (edit.kind) {
    case 'add-layer':
      return (d) => void addLayer(d, edit.layer);
    case 'remove-layer':
      return (d) => void removeLayer(d, edit.id);
    case 'move-layer':
      return (d) => void updateLayer(d, edit.id, { x: edit.x, y: edit.y });
    case 'nudge-layer':
      return (d) => {
        const layer = d.layers[edit.id];
        if (layer) updateLayer(d, edit.id, { x: layer.x + edit.dx, y: layer.y + edit.dy });
      };
    case 'set-opacity':
      return (d) => void updateLayer(d, edit.id, { opacity: clampOpacity(edit.opacity) });
    case 'toggle-visible':
      return (d) => {
        const layer = d.layers[edit.id];
        if (layer) updateLayer(d, edit.id, { visible: !layer.visible });
      };
    case 'toggle-warp':
      return (d) => {
        const layer = d.layers[edit.id];
        if (layer) updateLayer(d, edit.id, { warp: { enabled: !layer.warp.enabled } });
      };
    case 'set-warp-points':
      // Dragging a corner turns the warp on; the four points are one whole value (design.md section 2).
      return (d) => void updateLayer(d, edit.id, { warp: { enabled: true, points: edit.points.map((p) => ({ x: p.x, y: p.y })) } });
    case 'rename-layer':
      return (d) => void updateLayer(d, edit.id, { name: edit.name.slice(0, MAX_NAME_CHARS) });
    case 'rename-project':
      return (d) => {
        const name = edit.name.slice(0, MAX_NAME_CHARS);
        if (d.metadata.name !== name) d.metadata.name = name;
      };
    case 'update-layer':
      return (d) => void updateLayer(d, edit.id, limitPatch(edit.patch));
    case 'update-layers':
      return (d) => {
        for (const id of edit.ids) updateLayer(d, id, limitPatch(edit.patch));
      };
    case 'remove-layers':
      return (d) => {
        for (const id of edit.ids) removeLayer(d, id);
      };
    case 'duplicate-layers':
      return (d) => {
        for (const { id, newId } of edit.pairs) duplicateLayer(d, id, { newId: newId as LayerId });
      };
    case 'reorder-layer':
      return (d) => void moveLayer(d, edit.id, edit.toIndex);
    case 'update-canvas':
      return (d) => void updateCanvas(d, edit.patch);
    case 'set-project-warp-points':
      return (d) => void setProjectWarpPoints(d, edit.points);
    case 'reorder-layers':
      return (d) => reorderBlock(d, edit.ids, edit.toIndex);
    case 'add-media-layer':
      return (d) => {
        addAsset(d, edit.asset);
        addLayer(d, edit.layer);
      };
    case 'set-keyframes':
      return (d) => {
        for (const k of edit.keyframes) if (d.layers[k.layerId]) setKeyframe(d, k);
      };
    case 'move-keyframes':
      return (d) => moveKeyframes(d, edit.ids, edit.dt);
    case 'update-keyframes':
      return (d) => updateKeyframes(d, edit.ids, edit.patch);
    case 'delete-keyframes':
      return (d) => deleteKeyframes(d, edit.ids);
    case 'add-marker':
      return (d) => addMarker(d, edit.marker);
    case 'update-marker':
      return (d) => updateMarker(d, edit.id, edit.patch);
    case 'delete-marker':
      return (d) => deleteMarker(d, edit.id);
    case 'update-timeline':
      return (d) => updateTimelineSettings(d, edit.patch);
    case 'add-placement':
      return (d) => void (d.scenes[edit.entry.sceneId] ? addPlacement(d, edit.entry) : logger('timeline').error(`Scene not found: ${edit.entry.sceneId}`));
    case 'update-placement':
      return (d) => updatePlacement(d, edit.id, edit.patch, edit.nowMs);
    case 'delete-placement':
      return (d) => deletePlacement(d, edit.id);
    case 'add-transition':
      return (d) => addTransition(d, edit.transition);
    case 'update-transition':
      return (d) => updateTransition(d, edit.id, edit.patch);
    case 'delete-transition':
      return (d) => deleteTransition(d, edit.id);
    case 'create-scene':
      return (d) => {
        const scene = captureScene(d, edit.id as SceneId, edit.nowIso, edit.name?.slice(0, MAX_NAME_CHARS));
        createScene(d, edit.thumbnail ? { ...scene, thumbnail: edit.thumbnail } : scene);
      };
    case 'duplicate-scene':
      return (d) => void duplicateScene(d, edit.id, edit.newId as SceneId, edit.nowIso);
    case 'rename-scene':
      return (d) => void updateScene(d, edit.id, { name: edit.name.slice(0, MAX_NAME_CHARS) }, edit.nowIso);
    case 'capture-scene':
      return (d) => {
        if (!d.scenes[edit.id]) return;
        const snap = captureScene(d, edit.id as SceneId, edit.nowIso);
        updateScene(
          d,
          edit.id,
          { layers: snap.layers, canvas: snap.canvas, warpPoints: snap.warpPoints, ...(edit.thumbnail ? { thumbnail: edit.thumbnail } : {}) },
          edit.nowIso,
        );
      };
    case 'delete-scene':
      return (d) => {
        deletePlacementsOfScene(d, edit.id);
        deleteScene(d, edit.id);
      };
    case 'reorder-scene':
      return (d) => void reorderScene(d, edit.id, edit.toIndex);
    case 'switch-scene':
      return (d) => {
        // Leaving (or re-entering) the main state keeps it in the Primary scene first (spec section 4).
        if (edit.savePrimary && d.scenes[edit.id])
          updatePrimaryScene(
            d,
            { activeSceneId: null, isPlaying: false, stopPlayback: () => undefined, nowIso: edit.savePrimary.nowIso },
            edit.savePrimary.newId as SceneId,
          );
        switchScene(d, edit.id, logger('layers'));
      };
    case 'restore-backup':
      return (d) => restoreInto(d, edit.project);
    case 'add-asset':
      return (d) => void addAsset(d, edit.asset);
    case 'remove-asset':
      return (d) => void removeAsset(d, edit.id);
    case 'rename-asset':
      return (d) => {
        const asset = d.assets[edit.id];
        if (asset) asset.name = edit.name.slice(0, MAX_NAME_CHARS);
      };
    case 'clear-scenes':
      return (d) => {
        for (const id of Object.keys(d.scenes)) deletePlacementsOfScene(d, id);
        clearScenes(d);
      };
    case 'import-scenes':
      return (d) => {
        // Ids were made unique against the project when the file was read; a concurrent collision still gets a fresh one.
        let n = 0;
        importScenes(
          d,
          edit.scenes.map((s) => ({ ...s, name: s.name.slice(0, MAX_NAME_CHARS) })),
          () => `${edit.scenes[0]?.id ?? 'scene'}_${(n += 1)}` as SceneId,
        );
      };
    case 'repair-timeline':
      return (d) => {
        deleteKeyframes(d, edit.keyframeIds);
        for (const id of edit.placementIds) deletePlacement(d, id);
      };
    case 'nudge-layers':
      // updateLayer moves each layer's warp points with its position (spec section 4).
      return (d) => {
        for (const id of edit.ids) {
          const layer = d.layers[id];
          if (layer) updateLayer(d, id, { x: layer.x + edit.dx, y: layer.y + edit.dy });
        }
      };
  }
}

/**
 * Places `ids` together at `toIndex` of the list of the other layers, last first: each goes right
 * before the one placed after it (or the layer that was at `toIndex`), so the block keeps its order.
 */
function reorderBlock(d: ProjectDoc, ids: readonly string[], toIndex: number): void {
  const order = (): string[] => orderedLayers(d).map((l) => l.id);
  const moving = new Set(ids.filter((id) => d.layers[id]));
  const rest = order().filter((id) => !moving.has(id));
  let next: string | null = rest[Math.max(0, Math.min(rest.length, Math.round(toIndex)))] ?? null;
  const block = order().filter((id) => moving.has(id));
  for (const id of [...block].reverse()) {
    const others = order().filter((o) => o !== id);
    moveLayer(d, id, next === null ? others.length : others.indexOf(next));
    next = id;
  }
}

/** Writes a backup's layers (all of them: missing ones go, others are replaced), canvas and output warp. */
function restoreInto(d: ProjectDoc, project: ProjectJson): void {
  const source = toDoc(project);
  for (const id of Object.keys(d.layers)) if (!source.layers[id]) delete d.layers[id];
  for (const [id, layer] of Object.entries(source.layers)) d.layers[id] = cloneJson(layer);
  d.canvas = cloneJson(source.canvas);
  d.warpPoints = cloneJson(source.warpPoints);
}

/** A layer patch with its name cut to MAX_NAME_CHARS (the other limits are the model's). */
function limitPatch(patch: LayerPatch): LayerPatch {
  return typeof patch.name === 'string' ? { ...patch, name: patch.name.slice(0, MAX_NAME_CHARS) } : patch;
}

/**
 * Runs a document operation on the exchange JSON (no live document): through the document shape,
 * so the result is exactly what the same operation gives on the live document. History is kept.
 */
export function applyToJson(project: ProjectJson, operation: DocOperation): ProjectJson {
  const doc = toDoc(project);
  operation(doc);
  normalizeDoc(doc);
  return toJson(doc, project.history);
}

const DESCRIPTIONS: Record<ProjectEdit['kind'], string> = {
  'add-layer': 'Add layer',
  'remove-layer': 'Remove layer',
  'move-layer': 'Move layer',
  'nudge-layer': 'Nudge layer',
  'set-opacity': 'Change opacity',
  'toggle-visible': 'Show or hide layer',
  'toggle-warp': 'Toggle warp',
  'set-warp-points': 'Edit warp points',
  'rename-layer': 'Rename layer',
  'rename-project': 'Rename project',
  'update-layer': 'Change layer',
  'update-layers': 'Change layers',
  'remove-layers': 'Remove layers',
  'duplicate-layers': 'Duplicate',
  'reorder-layer': 'Reorder layer',
  'update-canvas': 'Change canvas',
  'set-project-warp-points': 'Edit output warp',
  'reorder-layers': 'Reorder layers',
  'add-media-layer': 'Add layer',
  'set-keyframes': 'Set keyframe',
  'move-keyframes': 'Move keyframes',
  'update-keyframes': 'Change keyframes',
  'delete-keyframes': 'Delete keyframes',
  'add-marker': 'Add marker',
  'update-marker': 'Change marker',
  'delete-marker': 'Delete marker',
  'update-timeline': 'Change timeline settings',
  'add-placement': 'Place scene on timeline',
  'update-placement': 'Move scene placement',
  'delete-placement': 'Remove scene placement',
  'add-transition': 'Add transition',
  'update-transition': 'Change transition',
  'delete-transition': 'Delete transition',
  'create-scene': 'Create scene',
  'duplicate-scene': 'Duplicate scene',
  'rename-scene': 'Rename scene',
  'capture-scene': 'Update scene',
  'delete-scene': 'Delete scene',
  'reorder-scene': 'Reorder scenes',
  'switch-scene': 'Switch scene',
  'restore-backup': 'Restore backup',
  'add-asset': 'Add asset',
  'remove-asset': 'Delete asset',
  'rename-asset': 'Rename asset',
  'clear-scenes': 'Clear scenes',
  'import-scenes': 'Import scenes',
  'repair-timeline': 'Repair timeline',
  'nudge-layers': 'Nudge all layers',
};

/** What an edit may touch, for its undo record: one layer, or the project's metadata. */
function scopeFor(edit: ProjectEdit): CommandScope {
  switch (edit.kind) {
    case 'add-layer':
      return { layers: [edit.layer.id] };
    case 'remove-layer':
      return { layers: [edit.id] };
    case 'rename-project':
      return { metadata: true, layout: false };
    case 'update-layers':
      return { layers: edit.ids, layout: false };
    case 'remove-layers':
      return { layers: edit.ids };
    case 'duplicate-layers':
      return { layers: edit.pairs.flatMap((p) => [p.id, p.newId]) };
    case 'reorder-layer':
      return { layers: [edit.id] };
    case 'update-canvas':
      return { canvas: true, layout: false };
    case 'set-project-warp-points':
      return { warpPoints: true, layout: false };
    case 'reorder-layers':
      return { layers: edit.ids };
    case 'add-media-layer':
      // The asset stays in the project's list on undo: the file is uploaded and can be picked again.
      return { layers: [edit.layer.id] };
    case 'restore-backup':
      return { layers: 'all', canvas: true, warpPoints: true };
    case 'add-asset':
    case 'remove-asset':
    case 'rename-asset':
      return { layers: [], layout: false };
    case 'update-layer':
      // A mask switching group can change others' order; every other field stays on this layer.
      return { layers: [edit.id], layout: false };
    case 'set-keyframes':
    case 'move-keyframes':
    case 'update-keyframes':
    case 'delete-keyframes':
    case 'add-marker':
    case 'update-marker':
    case 'delete-marker':
    case 'update-timeline':
    case 'add-placement':
    case 'update-placement':
    case 'delete-placement':
    case 'add-transition':
    case 'update-transition':
    case 'delete-transition':
      return { layers: [], timeline: true, layout: false };
    case 'create-scene':
    case 'rename-scene':
    case 'capture-scene':
      return { layers: [], scenes: [edit.id], layout: false };
    case 'duplicate-scene':
      return { layers: [], scenes: [edit.id, edit.newId], layout: false };
    case 'delete-scene':
      return { layers: [], scenes: [edit.id], timeline: true, layout: false };
    case 'reorder-scene':
      return { layers: [], scenes: 'all', layout: false };
    case 'switch-scene':
      return edit.savePrimary ? { layers: 'all', canvas: true, warpPoints: true, scenes: 'all' } : { layers: 'all', canvas: true, warpPoints: true };
    case 'clear-scenes':
      return { layers: [], scenes: 'all', timeline: true, layout: false };
    case 'import-scenes':
      return { layers: [], scenes: 'all', layout: false };
    case 'repair-timeline':
      return { layers: [], timeline: true, layout: false };
    case 'nudge-layers':
      return { layers: edit.ids, layout: false };
    default:
      return { layers: [edit.id], layout: false };
  }
}

/** The edit as an undoable command: it records the values it changes the first time it runs. */
export function commandFor(edit: ProjectEdit): Command {
  return recordCommand(edit.kind, DESCRIPTIONS[edit.kind], scopeFor(edit), operationFor(edit));
}

/** Edits that come in bursts on one field (typing, sliders, held arrows): consecutive ones are one undo step. */
export function burstGroupOf(edit: ProjectEdit): string | null {
  switch (edit.kind) {
    case 'move-layer':
    case 'nudge-layer':
      return `position:${edit.id}`;
    case 'set-opacity':
    case 'rename-layer':
      return `${edit.kind}:${edit.id}`;
    case 'rename-project':
      return edit.kind;
    case 'update-layer':
      return edit.field ? `update:${edit.id}:${edit.field}` : null;
    case 'update-canvas':
      return `canvas:${Object.keys(edit.patch).sort().join(',')}`;
    case 'update-timeline':
      return edit.field ? `timeline:${edit.field}` : null;
    case 'rename-scene':
    case 'update-marker':
      return `${edit.kind}:${edit.id}`;
    case 'set-project-warp-points':
      // Held arrows on an output corner are one undo step; a drag (no field) is its own.
      return edit.field ? `project-warp:${edit.field}` : null;
    case 'nudge-layers':
      return `nudge-layers:${[...edit.ids].sort().join(',')}`;
    default:
      return null;
  }
}

/** A layer's values after moving it to (x, y): its warp points follow by the same offset. */
export function movedLayerValues(layer: Pick<Layer, 'x' | 'y' | 'warp'>, x: number, y: number): { x: number; y: number; points: Point[] } {
  return { x, y, points: translatePoints(layer.warp.points, x - layer.x, y - layer.y) };
}

/** The four points after moving one corner (a new array; the others are copied). */
export function withCorner(points: readonly Point[], index: number, to: Point): Point[] {
  return points.map((p, i) => (i === index ? { x: to.x, y: to.y } : { x: p.x, y: p.y }));
}
