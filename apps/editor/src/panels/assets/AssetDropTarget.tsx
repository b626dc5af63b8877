import type { DragEvent, ReactNode } from 'react';
import type { EditorContext } from '../../actions/context';
import { layerFromSource } from '../../media/media-layer';
import { canvasPointAt } from '../../media/canvas-point';
import { ASSET_DRAG_TYPE } from './AssetsPanelView';

const carriesAsset = (e: DragEvent) => [...e.dataTransfer.types].includes(ASSET_DRAG_TYPE);

/** Around the stage: an asset dragged from the Assets tab becomes a layer centred where it is dropped. */
export function AssetDropTarget({ ctx, children }: { ctx: EditorContext; children: ReactNode }) {
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    if (!carriesAsset(e)) return;
    e.preventDefault();
    const project = ctx.store.project;
    const asset = project?.assets.find((a) => a.id === e.dataTransfer.getData(ASSET_DRAG_TYPE));
    const canvas = e.currentTarget.querySelector('[data-testid=stage-canvas]');
    const src = asset?.url ?? asset?.data;
    if (!project || !asset || !canvas || !src || ctx.store.viewOnly) return;
    const type = asset.type.startsWith('video') ? 'video' : 'image';
    const layer = layerFromSource(project, { type, src }, canvasPointAt(canvas, e.clientX, e.clientY, project.canvas), ctx.now());
    layer.name = asset.name.replace(/\.[a-z0-9]+$/i, '') || layer.name;
    ctx.live.edit({ kind: 'add-layer', layer });
    ctx.live.select(layer.id);
  };
  return (
    <div
      className="asset-drop"
      style={{ display: 'contents' }}
      onDragOver={(e) => {
        if (!carriesAsset(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={onDrop}
    >
      {children}
    </div>
  );
}
