import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { AssetId, LayerId, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { assetFromUpload, assetsOfKind, layerFromSource, placedLayer } from './media-layer';

const project = () => {
  const p = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
  p.layers.push(createLayer('video', { id: 'v' as LayerId }));
  return p;
};

describe('media layers', () => {
  it('centres a new layer on the drop point, its warp corners with it', () => {
    const layer = placedLayer(project(), 'image', { x: 100, y: 80 }, 5);
    expect(layer).toMatchObject({ x: 100, y: 80, width: 200, height: 200, name: 'Image 1' });
    expect(layer.warp.points).toEqual([
      { x: 0, y: -20 },
      { x: 200, y: -20 },
      { x: 200, y: 180 },
      { x: 0, y: 180 },
    ]);
  });

  it('fills each source type with the spec defaults plus its source', () => {
    const p = project();
    expect(layerFromSource(p, { type: 'video', src: 'https://cdn.test/a.webm' }, null, 1)).toMatchObject({
      type: 'video',
      name: 'Video 2',
      x: 400,
      y: 300,
      content: { src: 'https://cdn.test/a.webm', playing: true, loop: true },
      properties: { volume: 1, playbackRate: 1, fitMode: 'contain' },
    });
    expect(layerFromSource(p, { type: 'url', url: 'https://example.com/' }, null, 1)).toMatchObject({
      type: 'url',
      name: 'Url 1',
      content: { url: 'https://example.com/' },
      properties: { scrollable: false, interactive: false, fitMode: 'scale-to-fit' },
    });
    expect(layerFromSource(p, { type: 'rtmp', url: 'rtmp://live.test/app/k', fallbackHls: 'https://live.test/k.m3u8' }, null, 1)).toMatchObject({
      type: 'rtmp',
      name: 'Rtmp 1',
      content: { url: 'rtmp://live.test/app/k', fallbackHls: 'https://live.test/k.m3u8', playing: true, muted: false },
    });
    expect(layerFromSource(p, { type: 'giphy', src: 'https://media.giphy.com/x.gif' }, null, 1)).toMatchObject({
      type: 'giphy',
      name: 'Giphy 1',
      content: { src: 'https://media.giphy.com/x.gif' },
    });
  });

  it('records an upload as a cloud asset and lists assets by kind', () => {
    const asset = assetFromUpload(
      { name: 'a.png', type: 'image/png', size: 10 },
      { key: 'k', publicUrl: 'https://cdn.test/k' },
      'proj',
      'layer_1',
      Date.UTC(2026, 0, 1),
    );
    expect(asset).toMatchObject({
      name: 'a.png',
      type: 'image/png',
      key: 'k',
      url: 'https://cdn.test/k',
      projectId: 'proj',
      layerId: 'layer_1',
      size: 10,
      created: '2026-01-01T00:00:00.000Z',
    });
    expect(asset.id).toMatch(/^asset_/);
    const video = { id: 'asset_2' as AssetId, name: 'b.webm', type: 'video/webm', url: 'https://cdn.test/b' };
    expect(assetsOfKind([asset, video], 'image')).toEqual([asset]);
    expect(assetsOfKind([asset, video], 'video')).toEqual([video]);
  });
});
