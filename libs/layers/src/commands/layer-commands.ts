// Every layer operation as an undoable command (spec section 4).
import type { LayerId } from '../schema/ids';
import type { Layer, CanvasSettings, Point } from '../schema/types';
import type { RecordedCommand } from './recorded-command';
import { recordCommand } from './recorded-command';
import type { AddLayerResult, LayerPatch, NudgeDirection, OpContext } from './layer-ops';
import {
  addLayer,
  duplicateLayer,
  moveLayer,
  nudgeLayer,
  removeLayer,
  setLayerWarpPoints,
  setProjectWarpPoints,
  toggleWarp,
  updateCanvas,
  updateLayer,
} from './layer-ops';
import { createLayerId, defaultRandomBytes } from '../schema/ids';

/** Add a layer at the spec's insertion index; the result says what to select and whether to open search. */
export function addLayerCommand(layer: Layer): RecordedCommand<AddLayerResult> {
  return recordCommand('addLayer', `Add ${layer.name}`, { layers: [layer.id] }, (doc) => addLayer(doc, layer));
}

export function removeLayerCommand(id: LayerId): RecordedCommand<boolean> {
  return recordCommand('removeLayer', 'Remove layer', { layers: [id] }, (doc) => removeLayer(doc, id));
}

/** Duplicate; the copy's id is fixed when the command is made so redo recreates the same layer. */
export function duplicateLayerCommand(id: LayerId, ctx: OpContext & { newId?: LayerId } = {}): RecordedCommand<LayerId | null> {
  const newId = ctx.newId ?? createLayerId(ctx.nowMs ?? 0, ctx.random ?? defaultRandomBytes);
  return recordCommand('duplicateLayer', 'Duplicate layer', { layers: [id, newId] }, (doc) => duplicateLayer(doc, id, { ...ctx, newId }));
}

export function moveLayerCommand(id: LayerId, toIndex: number): RecordedCommand<number> {
  return recordCommand('reorderLayer', 'Reorder layer', { layers: [id] }, (doc) => moveLayer(doc, id, toIndex));
}

export function updateLayerCommand(id: LayerId, patch: LayerPatch, ctx: OpContext = {}): RecordedCommand<boolean> {
  return recordCommand('updateLayer', 'Update layer', { layers: [id], layout: false }, (doc) => updateLayer(doc, id, patch, ctx));
}

/** Several layer updates as one command (the batched flush). */
export function updateLayersCommand(updates: ReadonlyMap<LayerId, LayerPatch>, ctx: OpContext = {}): RecordedCommand<number> {
  return recordCommand('updateLayer', 'Update layers', { layers: [...updates.keys()], layout: false }, (doc) => {
    let n = 0;
    for (const [id, patch] of updates) if (updateLayer(doc, id, patch, ctx)) n++;
    return n;
  });
}

export function warpPointsCommand(id: LayerId, points: readonly Point[], ctx: OpContext = {}): RecordedCommand<boolean> {
  return recordCommand('updateWarpPoints', 'Edit warp points', { layers: [id], layout: false }, (doc) => setLayerWarpPoints(doc, id, points, ctx));
}

export function projectWarpPointsCommand(points: readonly Point[], ctx: OpContext = {}): RecordedCommand<boolean> {
  return recordCommand('updateWarpPoints', 'Edit project warp points', { warpPoints: true, layout: false }, (doc) => setProjectWarpPoints(doc, points, ctx));
}

export function toggleWarpCommand(id: LayerId): RecordedCommand<boolean> {
  return recordCommand('toggleWarp', 'Toggle warp', { layers: [id], layout: false }, (doc) => toggleWarp(doc, id));
}

export function nudgeLayerCommand(id: LayerId, direction: NudgeDirection, shift: boolean): RecordedCommand<boolean> {
  return recordCommand('nudgeLayer', 'Nudge layer', { layers: [id], layout: false }, (doc) => nudgeLayer(doc, id, direction, shift));
}

export function updateCanvasCommand(patch: Partial<CanvasSettings>, ctx: OpContext = {}): RecordedCommand<boolean> {
  return recordCommand('updateCanvas', 'Update canvas', { canvas: true, layout: false }, (doc) => updateCanvas(doc, patch, ctx));
}
