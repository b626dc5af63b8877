// Layer operations of spec section 4 as functions that mutate a draft ProjectDoc, so the same code
// runs on a plain object in tests and inside an Automerge change in the app.
import { mergePatch } from '../document/assign';
import { normalizeBlendMode } from '../schema/blend';
import { DUPLICATE_OFFSET_PX, NUDGE_PX, NUDGE_SHIFT_PX, WARP_HANDLE_SIZE_MAX_PX, WARP_HANDLE_SIZE_MIN_PX } from '../schema/defaults';
import type { DocLayer, ProjectDoc } from '../document/doc';
import { orderedLayers } from '../document/doc';
import { isDomLayerType, isMaskType, layerGroup } from '../schema/groups';
import type { LayerId, RandomBytes } from '../schema/ids';
import { createLayerId, defaultRandomBytes } from '../schema/ids';
import { cloneJson } from '../schema/json';
import type { Logger } from '../schema/logger';
import { MSG_INVALID_CANVAS_SIZE, MSG_WARP_POINTS_COUNT, silentLogger } from '../schema/logger';
import { layerRectCorners, normalizeAfterOperation } from '../document/normalize';
import { evenKeys, keyBetween } from '../document/order-key';
import type { CanvasSettings, Layer, LayerBase, LayerWarp, Point } from '../schema/types';
import { centroid, scaleRotatePoints, scaleRotatePointsAbout, translatePoints } from './geometry';

export interface OpContext {
  logger?: Logger;
  nowMs?: number;
  random?: RandomBytes;
}

/** A partial layer update; undefined deletes an optional field. Type and id never change here. */
export type LayerPatch = Partial<Omit<LayerBase, 'id' | 'warp' | 'scale'>> & {
  scale?: Partial<Point>;
  warp?: Partial<LayerWarp>;
  content?: Record<string, unknown>;
  properties?: Record<string, unknown>;
};

/** Where a new layer goes: DOM layers at 0, canvas layers before the first canvas layer, else the end. */
export function insertionIndex(list: readonly Pick<Layer, 'type'>[], type: Layer['type']): number {
  if (isDomLayerType(type)) return 0;
  const first = list.findIndex((l) => !isDomLayerType(l.type));
  return first === -1 ? list.length : first;
}

/** Gives `id` an order key that puts it at `index` of the list of the other layers. */
function placeAt(doc: ProjectDoc, id: string, index: number): void {
  const others = orderedLayers(doc).filter((l) => l.id !== id);
  const prev = others[index - 1];
  const next = others[index];
  const layer = doc.layers[id]!;
  if (prev && next && prev.order >= next.order) {
    // Tied keys (two peers inserted at the same spot): re-key the whole list once.
    const list = [...others.slice(0, index), layer, ...others.slice(index)];
    const keys = evenKeys(list.length);
    list.forEach((l, i) => {
      if (l.order !== keys[i]) l.order = keys[i]!;
    });
    return;
  }
  layer.order = keyBetween(prev?.order ?? null, next?.order ?? null);
}

export interface AddLayerResult {
  layerId: LayerId;
  index: number;
  /** The new layer is selected (spec section 4). */
  selectLayerId: LayerId;
  /** Adding a giphy layer opens the animated-image search. */
  openGiphySearch: boolean;
}

/** Adds a layer at the spec's insertion index. */
export function addLayer(doc: ProjectDoc, layer: Layer): AddLayerResult {
  const list = orderedLayers(doc);
  const index = insertionIndex(list, layer.type);
  doc.layers[layer.id] = { ...cloneJson(layer), order: 'V' } as DocLayer;
  placeAt(doc, layer.id, index);
  normalizeAfterOperation(doc);
  return { layerId: layer.id, index, selectLayerId: layer.id, openGiphySearch: layer.type === 'giphy' };
}

/** Removes a layer; false when it does not exist. */
export function removeLayer(doc: ProjectDoc, id: string): boolean {
  if (!doc.layers[id]) return false;
  delete doc.layers[id];
  normalizeAfterOperation(doc);
  return true;
}

/** Duplicates a layer right after the original: new id, " Copy" suffix, +20/+20. Returns the new id. */
export function duplicateLayer(doc: ProjectDoc, id: string, ctx: OpContext & { newId?: LayerId } = {}): LayerId | null {
  const src = doc.layers[id];
  if (!src) return null;
  const list = orderedLayers(doc);
  const index = list.findIndex((l) => l.id === id);
  const copy = cloneJson(src) as DocLayer;
  const newId = ctx.newId ?? createLayerId(ctx.nowMs ?? 0, ctx.random ?? defaultRandomBytes);
  copy.id = newId;
  copy.name = `${src.name} Copy`;
  copy.x += DUPLICATE_OFFSET_PX;
  copy.y += DUPLICATE_OFFSET_PX;
  copy.warp.points = translatePoints(copy.warp.points, DUPLICATE_OFFSET_PX, DUPLICATE_OFFSET_PX);
  doc.layers[newId] = copy;
  placeAt(doc, newId, index + 1);
  normalizeAfterOperation(doc);
  return newId;
}

/** The nearest index the DOM-above-canvas rule allows for `id`, after clamping to the list. */
export function constrainMoveIndex(list: readonly { id: string; type: Layer['type'] }[], id: string, toIndex: number): number {
  const layer = list.find((l) => l.id === id);
  if (!layer) return -1;
  const others = list.filter((l) => l.id !== id);
  let target = Math.max(0, Math.min(list.length - 1, Math.round(toIndex)));
  const group = layerGroup(layer);
  if (group === 'dom') {
    const firstCanvas = others.findIndex((l) => layerGroup(l) === 'canvas');
    if (firstCanvas !== -1) target = Math.min(target, firstCanvas);
  } else if (group === 'canvas') {
    let lastDom = -1;
    others.forEach((l, i) => {
      if (layerGroup(l) === 'dom') lastDom = i;
    });
    target = Math.max(target, lastDom + 1);
  }
  return target;
}

/** Moves a layer to a list index, constrained to the nearest legal one. Returns the final index. */
export function moveLayer(doc: ProjectDoc, id: string, toIndex: number): number {
  const list = orderedLayers(doc);
  const target = constrainMoveIndex(list, id, toIndex);
  if (target === -1) return -1;
  if (list[target]?.id !== id) placeAt(doc, id, target);
  normalizeAfterOperation(doc);
  return target;
}

/**
 * Updates a layer. Moving it moves its warp points (and mesh points) by the same offset; changing
 * scale or rotation rescales or rotates them about the corners' centroid, unless the patch sets them; an html layer's `interactive` also sets `locked`.
 */
export function updateLayer(doc: ProjectDoc, id: string, patch: LayerPatch, ctx: OpContext = {}): boolean {
  const layer = doc.layers[id];
  if (!layer) return false;
  const p = { ...patch } as Record<string, unknown>;
  delete p.id;
  delete p.type;
  delete p.order;
  if (patch.warp?.points !== undefined && patch.warp.points.length !== 4) {
    (ctx.logger ?? silentLogger).error(MSG_WARP_POINTS_COUNT);
    const w = { ...patch.warp };
    delete w.points;
    p.warp = w;
  }
  if (p.blendMode !== undefined) p.blendMode = normalizeBlendMode(p.blendMode);
  const before = { x: layer.x, y: layer.y, sx: layer.scale.x, sy: layer.scale.y, rot: layer.rotation };
  mergePatch(layer as unknown as Record<string, unknown>, p);
  const explicitPoints = (p.warp as Partial<LayerWarp> | undefined)?.points !== undefined;
  const explicitMesh = (p.warp as Partial<LayerWarp> | undefined)?.meshPoints !== undefined;
  const dx = layer.x - before.x;
  const dy = layer.y - before.y;
  const ksx = before.sx !== 0 ? layer.scale.x / before.sx : 1;
  const ksy = before.sy !== 0 ? layer.scale.y / before.sy : 1;
  const drot = layer.rotation - before.rot;
  const moved = dx !== 0 || dy !== 0;
  const transformed = ksx !== 1 || ksy !== 1 || drot !== 0;
  // A mesh follows its layer too, about the corners' centroid (taken before the corners change).
  if (!explicitMesh && (moved || transformed) && Array.isArray(layer.warp.meshPoints) && layer.warp.meshPoints.length > 0) {
    let mesh = moved ? translatePoints(layer.warp.meshPoints, dx, dy) : layer.warp.meshPoints;
    if (transformed)
      mesh = scaleRotatePointsAbout(mesh, centroid(moved && !explicitPoints ? translatePoints(layer.warp.points, dx, dy) : layer.warp.points), ksx, ksy, drot);
    layer.warp.meshPoints = mesh;
  }
  if (!explicitPoints) {
    let pts = layer.warp.points;
    if (moved) pts = translatePoints(pts, dx, dy);
    if (transformed) pts = scaleRotatePoints(pts, ksx, ksy, drot);
    if (pts !== layer.warp.points) layer.warp.points = pts;
  }
  if (layer.type === 'html' && typeof patch.properties?.interactive === 'boolean') layer.locked = patch.properties.interactive;
  // An update never changes type or order, so only this layer's own invariants can break:
  // no full normalise pass (it sorts every layer) on the hottest path.
  if (isMaskType(layer.type) && layer.blendMode !== 'subtract') layer.blendMode = 'subtract';
  if (!Array.isArray(layer.warp.points) || layer.warp.points.length !== 4) layer.warp.points = layerRectCorners(layer);
  return true;
}

/** Replaces a layer's warp points; applied only with exactly 4 points, else logged (spec section 5). */
export function setLayerWarpPoints(doc: ProjectDoc, id: string, points: readonly Point[], ctx: OpContext = {}): boolean {
  const layer = doc.layers[id];
  if (!layer) return false;
  if (points.length !== 4) {
    (ctx.logger ?? silentLogger).error(MSG_WARP_POINTS_COUNT);
    return false;
  }
  layer.warp.points = points.map((pt) => ({ x: pt.x, y: pt.y }));
  return true;
}

/** Replaces the project warp points; exactly 4, else logged. */
export function setProjectWarpPoints(doc: ProjectDoc, points: readonly Point[], ctx: OpContext = {}): boolean {
  if (points.length !== 4) {
    (ctx.logger ?? silentLogger).error(MSG_WARP_POINTS_COUNT);
    return false;
  }
  doc.warpPoints = points.map((pt) => ({ x: pt.x, y: pt.y }));
  return true;
}

/** Switches a layer's warp on or off. */
export function toggleWarp(doc: ProjectDoc, id: string): boolean {
  const layer = doc.layers[id];
  if (!layer) return false;
  layer.warp.enabled = !layer.warp.enabled;
  return true;
}

export type NudgeDirection = 'left' | 'right' | 'up' | 'down';

/** The offset of one arrow-key nudge: 1 px, or 10 px with Shift. */
export function nudgeDelta(direction: NudgeDirection, shift: boolean): Point {
  const d = shift ? NUDGE_SHIFT_PX : NUDGE_PX;
  return { left: { x: -d, y: 0 }, right: { x: d, y: 0 }, up: { x: 0, y: -d }, down: { x: 0, y: d } }[direction];
}

/** Nudges a layer (and its warp points). */
export function nudgeLayer(doc: ProjectDoc, id: string, direction: NudgeDirection, shift: boolean): boolean {
  const layer = doc.layers[id];
  if (!layer) return false;
  const d = nudgeDelta(direction, shift);
  return updateLayer(doc, id, { x: layer.x + d.x, y: layer.y + d.y });
}

/** Updates the canvas; width and height must be positive, else logged and unchanged. */
export function updateCanvas(doc: ProjectDoc, patch: Partial<CanvasSettings>, ctx: OpContext = {}): boolean {
  const w = patch.width ?? doc.canvas.width;
  const h = patch.height ?? doc.canvas.height;
  if (!(Number.isFinite(w) && Number.isFinite(h) && w > 0 && h > 0)) {
    (ctx.logger ?? silentLogger).error(MSG_INVALID_CANVAS_SIZE);
    return false;
  }
  if (doc.canvas.width !== w) doc.canvas.width = w;
  if (doc.canvas.height !== h) doc.canvas.height = h;
  if (patch.background !== undefined && doc.canvas.background !== patch.background) doc.canvas.background = patch.background;
  if (patch.blendMode !== undefined) doc.canvas.blendMode = normalizeBlendMode(patch.blendMode);
  return true;
}

/** Warp handle size clamped to 6..90 px (spec section 5); a non-number gives the default 36. */
export function clampWarpHandleSize(size: number): number {
  if (!Number.isFinite(size)) return 36;
  return Math.min(WARP_HANDLE_SIZE_MAX_PX, Math.max(WARP_HANDLE_SIZE_MIN_PX, size));
}
