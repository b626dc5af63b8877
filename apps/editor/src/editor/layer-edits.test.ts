import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { LayerId, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { insertionIndex, moveLayerTo, newImageLayer } from './layer-edits';

describe('insertionIndex', () => {
  const dom = createLayer('html', { id: 'h' as LayerId });
  const canvas = createLayer('image', { id: 'i' as LayerId });
  it('puts DOM layers at the front', () => {
    expect(insertionIndex([canvas], 'url')).toBe(0);
  });
  it('puts canvas layers before the first canvas layer, or at the end', () => {
    expect(insertionIndex([dom, canvas], 'image')).toBe(1);
    expect(insertionIndex([dom], 'image')).toBe(1);
    expect(insertionIndex([], 'image')).toBe(0);
  });
});

describe('newImageLayer', () => {
  it('centres a 200x200 image named by count', () => {
    const project = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    project.layers.push(createLayer('image', { id: 'x' as LayerId }));
    const layer = newImageLayer(project, '/app/editor/samples/beamstage-sample.png', 1000);
    expect(layer).toMatchObject({ type: 'image', name: 'Image 2', x: 400, y: 300, width: 200, height: 200, content: { src: '/app/editor/samples/beamstage-sample.png' } });
  });
});

describe('moveLayerTo', () => {
  it('moves the warp corners by the same offset', () => {
    const layer = createLayer('image', { id: 'm' as LayerId });
    const before = layer.warp.points.map((p) => ({ ...p }));
    moveLayerTo(layer, 450, 280);
    expect(layer.x).toBe(450);
    expect(layer.warp.points).toEqual(before.map((p) => ({ x: p.x + 50, y: p.y - 20 })));
  });
});
