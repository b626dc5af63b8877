// New layers that carry a source (an uploaded file, an address, a stream), built with the spec's
// defaults by libs/layers and placed where the person asked: the canvas centre, or the drop point.
import { createAssetId, createLayer, defaultRandomBytes, translatePoints } from '@beamstage/layers';
import type { Asset, Layer, LayerOf, LayerType, ProjectJson } from '@beamstage/layers';
import type { UploadResult } from './upload-queue';

/** What an Add dialog hands over for each source layer type. */
export type LayerSource =
  | { readonly type: 'image' | 'video' | 'giphy'; readonly src: string }
  | { readonly type: 'url'; readonly url: string }
  | { readonly type: 'rtmp'; readonly url: string; readonly fallbackHls: string };

type Point = { readonly x: number; readonly y: number };

/** A new layer of `type` (named and sized by the spec), centred on `at` when given; its warp corners follow. */
export function placedLayer<T extends LayerType>(project: Pick<ProjectJson, 'layers' | 'canvas'>, type: T, at: Point | null, nowMs: number): LayerOf<T> {
  const layer = createLayer(type, { existing: project.layers, canvas: project.canvas, nowMs });
  if (at) {
    const dx = at.x - layer.x;
    const dy = at.y - layer.y;
    layer.x = at.x;
    layer.y = at.y;
    layer.warp.points = translatePoints(layer.warp.points, dx, dy);
  }
  return layer;
}

/** The layer a source makes: image/video/giphy show `src`, url shows its page, rtmp its stream with the HLS fallback. */
export function layerFromSource(project: Pick<ProjectJson, 'layers' | 'canvas'>, source: LayerSource, at: Point | null, nowMs: number): Layer {
  switch (source.type) {
    case 'image':
    case 'video':
    case 'giphy': {
      const layer = placedLayer(project, source.type, at, nowMs);
      layer.content.src = source.src;
      return layer;
    }
    case 'url': {
      const layer = placedLayer(project, 'url', at, nowMs);
      layer.content.url = source.url;
      return layer;
    }
    case 'rtmp': {
      const layer = placedLayer(project, 'rtmp', at, nowMs);
      layer.content.url = source.url;
      layer.content.fallbackHls = source.fallbackHls;
      return layer;
    }
  }
}

/** The project asset an upload became (spec section 3: cloud assets carry a key). */
export function assetFromUpload(
  file: { name: string; type: string; size: number },
  result: UploadResult,
  projectId: string,
  layerId: string,
  nowMs: number,
): Asset {
  return {
    id: createAssetId(nowMs, defaultRandomBytes),
    name: file.name,
    type: file.type,
    projectId,
    url: result.publicUrl,
    key: result.key,
    size: file.size,
    layerId,
    created: new Date(nowMs).toISOString(),
  };
}

/** The project's assets a layer of `kind` can show (the "Project assets" tab), newest first. */
export function assetsOfKind(assets: readonly Asset[], kind: 'image' | 'video'): Asset[] {
  return assets.filter((a) => a.type.startsWith(`${kind}/`) && typeof (a.url ?? a.data) === 'string').reverse();
}
