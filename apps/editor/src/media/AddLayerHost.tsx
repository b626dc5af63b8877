import type { Asset, LayerType, ProjectJson } from '@beamstage/layers';
import { useEffect, useMemo, useState } from 'react';
import { loadRuntimeConfig } from '../api/runtime-config';
import type { EditorContext } from '../actions/context';
import type { AddDialogRequest } from '../state/editor-store';
import { AddLayerDialog } from './AddLayerDialog';
import type { SourceLayerType } from './AddLayerDialog';
import { browserUrlPolicy } from './layer-url-policy';
import { assetFromUpload, layerFromSource } from './media-layer';
import type { LayerSource } from './media-layer';
import { SAMPLE_IMAGE_PATH } from './samples';
import type { MediaKind } from './sniff';
import type { UploadQueue, UploadResult } from './upload-queue';

const SOURCE_TYPES: readonly LayerType[] = ['image', 'video', 'url', 'giphy', 'rtmp'];

/** Adds the layer a source makes, through the one write path, and selects it (spec section 4). */
export function addSourceLayer(ctx: EditorContext, source: LayerSource, at: AddDialogRequest['at']): void {
  const project = ctx.store.project;
  if (!project) return;
  const layer = layerFromSource(project, source, at, ctx.now());
  ctx.live.edit({ kind: 'add-layer', layer });
  ctx.live.select(layer.id);
}

/** Adds a layer showing an uploaded file (a dropped GIF plays as a GIF layer), recording the file as a project asset in the same step. */
export function addUploadedLayer(
  ctx: EditorContext,
  kind: MediaKind | 'giphy',
  file: Pick<Asset, 'name' | 'type'> & { size: number },
  result: UploadResult,
  at: AddDialogRequest['at'],
): void {
  const project = ctx.store.project;
  if (!project) return;
  const now = ctx.now();
  const layer = layerFromSource(project, { type: kind, src: result.publicUrl }, at, now);
  const asset = assetFromUpload(file, result, ctx.projectId, layer.id, now);
  ctx.live.edit({ kind: 'add-media-layer', layer, asset });
  ctx.live.select(layer.id);
}

/** The open Add dialog, wired to the editor: what it returns becomes a layer. */
export function AddLayerHost({ ctx, request, project, queue }: { ctx: EditorContext; request: AddDialogRequest; project: ProjectJson; queue: UploadQueue }) {
  // The sandbox origin (where user code runs) is one of the studio's own: its pages are no layer either.
  const [sandboxOrigin, setSandboxOrigin] = useState('');
  useEffect(() => {
    let live = true;
    loadRuntimeConfig().then(
      (config) => live && setSandboxOrigin(config.sandboxOrigin),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const policy = useMemo(() => browserUrlPolicy(sandboxOrigin), [sandboxOrigin]);
  if (!SOURCE_TYPES.includes(request.type)) return null;
  const close = () => (ctx.store.addDialog = null);
  return (
    <AddLayerDialog
      type={request.type as SourceLayerType}
      assets={project.assets}
      queue={queue}
      urlPolicy={policy}
      sampleImageSrc={`${import.meta.env.BASE_URL}${SAMPLE_IMAGE_PATH}`}
      onSource={(source) => {
        addSourceLayer(ctx, source, request.at);
        close();
      }}
      onUploaded={(kind, file, result) => {
        addUploadedLayer(ctx, kind, file, result, request.at);
        close();
      }}
      onClose={close}
    />
  );
}
