import { isMaskType } from '@beamstage/layers';
import type { Asset, AssetId, Layer } from '@beamstage/layers';
import type { SavedMaskAsset } from '@beamstage/mask-tool';
import type { Action } from '../actions/action';
import { newLayerOf } from '../actions/add-actions';
import { canEdit, selectedLayer } from '../actions/context';
import type { EditorContext } from '../actions/context';

/** The saved mask as a project asset (spec section 3: id, name, type 'image', url, key). */
export function maskAsset(saved: SavedMaskAsset, projectId: string): Asset {
  return { id: saved.id as AssetId, name: saved.name, type: 'image', url: saved.url, key: saved.key, projectId, created: new Date().toISOString() };
}

/**
 * Where a saved mask goes: onto the mask layer it was drawn for, or onto a new mask layer when it
 * was drawn from another layer or from nothing.
 */
export function assignSavedMask(ctx: EditorContext, target: Layer | null, saved: SavedMaskAsset): void {
  if (target && isMaskType(target.type)) {
    ctx.live.edit({ kind: 'update-layer', id: target.id, patch: { content: { src: saved.url } } as never });
    return;
  }
  const layer = newLayerOf(ctx, 'mask');
  if (!layer) return;
  (layer.content as { src: string }).src = saved.url;
  ctx.live.edit({ kind: 'add-layer', layer });
  ctx.live.select(layer.id);
}

/** "Draw mask": opens the Draw Freehand Mask modal with the selected layer as its background. */
export const maskActions: readonly Action<EditorContext>[] = [
  {
    id: 'add.draw-mask',
    label: 'Draw mask',
    group: 'add',
    icon: '✎',
    keywords: ['mask', 'freehand', 'pen', 'brush', 'draw'],
    enabled: (ctx) => canEdit(ctx),
    perform: (ctx) => {
      const layer = selectedLayer(ctx);
      ctx.store.maskTool = { layerId: layer?.id ?? null };
    },
  },
];
