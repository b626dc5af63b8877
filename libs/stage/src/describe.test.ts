import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { LayerId, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { layerToRenderItem, projectToRenderDescription } from './describe';

const project = () => createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
const image = (id: string, src = `/samples/${id}.png`) => {
  const layer = createLayer('image', { id: id as LayerId });
  layer.content.src = src;
  return layer;
};

describe('projectToRenderDescription', () => {
  it('describes the canvas size and background', () => {
    const d = projectToRenderDescription(project());
    expect(d).toEqual({ width: 800, height: 600, background: '#000000', items: [] });
  });

  it('draws an image layer centred at its position with its size and warp corners', () => {
    const p = project();
    const layer = image('l1');
    p.layers.push(layer);
    const [item] = projectToRenderDescription(p).items;
    expect(item).toMatchObject({
      id: 'l1',
      source: { kind: 'image', url: '/samples/l1.png' },
      x: 400,
      y: 300,
      width: 200,
      height: 200,
      opacity: 1,
      visible: true,
      blendMode: 'normal',
    });
    if (layer.warp.enabled) expect(item?.warp).toEqual({ kind: 'corners', points: layer.warp.points });
    else expect(item?.warp).toBeUndefined();
  });

  it('puts the first layer of the project list on top (last in draw order)', () => {
    const p = project();
    p.layers.push(image('top'), image('middle'), image('bottom'));
    expect(projectToRenderDescription(p).items.map((i) => i.id)).toEqual(['bottom', 'middle', 'top']);
  });

  it('leaves DOM layers and image layers without a source off the canvas', () => {
    const p = project();
    p.layers.push(createLayer('html', { id: 'h' as LayerId }), createLayer('url', { id: 'u' as LayerId }), image('empty', ''), image('real'));
    expect(projectToRenderDescription(p).items.map((i) => i.id)).toEqual(['real']);
  });

  it('keeps hidden layers as invisible items so they can still serve as masks', () => {
    const layer = image('h');
    layer.visible = false;
    expect(layerToRenderItem(layer)?.visible).toBe(false);
  });

  it('uses the four warp corners when the warp is on', () => {
    const layer = image('w');
    layer.warp = {
      ...layer.warp,
      enabled: true,
      points: [
        { x: 10, y: 20 },
        { x: 300, y: 25 },
        { x: 310, y: 280 },
        { x: 5, y: 290 },
      ],
    };
    expect(layerToRenderItem(layer)?.warp).toEqual({ kind: 'corners', points: layer.warp.points });
  });

  it('passes numeric shader uniforms and leaves time to the renderer clock', () => {
    const shader = createLayer('fragment-shader', { id: 's' as LayerId });
    shader.content.uniforms = { ...shader.content.uniforms, label: 'x', gain: 2, time: 99 };
    const item = layerToRenderItem(shader);
    expect(item?.source.kind).toBe('shader');
    if (item?.source.kind !== 'shader') throw new Error('expected a shader source');
    expect(item.source.uniforms).not.toHaveProperty('time');
    expect(item.source.uniforms?.['gain']).toBe(2);
    expect(item.source.uniforms).not.toHaveProperty('label');
  });

  it('blends masks with subtract as the layer rules force', () => {
    const mask = createLayer('mask', { id: 'm' as LayerId });
    expect(layerToRenderItem(mask)?.blendMode).toBe('subtract');
  });
});

describe('live sources and masks', () => {
  it('draws video and p5 layers from the sources the stage gives, and leaves them out without', () => {
    const p = project();
    p.layers.push(createLayer('video', { id: 'v' as LayerId }), createLayer('p5js', { id: 's' as LayerId }));
    expect(projectToRenderDescription(p).items).toEqual([]);
    const element = { tag: 'video' } as unknown as HTMLVideoElement;
    const bitmap = { width: 2, height: 2 } as unknown as ImageBitmap;
    const items = projectToRenderDescription(p, {
      video: (id) => (id === 'v' ? element : null),
      bitmap: (id) => (id === 's' ? { bitmap, version: 7 } : null),
    }).items;
    expect(items.map((i) => [i.id, i.source])).toEqual([
      ['s', { kind: 'bitmap', bitmap, version: 7 }],
      ['v', { kind: 'video', element }],
    ]);
  });

  it('leaves a quarantined shader out', () => {
    const p = project();
    p.layers.push(createLayer('fragment-shader', { id: 'sh' as LayerId }));
    expect(projectToRenderDescription(p).items).toHaveLength(1);
    expect(projectToRenderDescription(p, { shaderBlocked: () => true }).items).toHaveLength(0);
  });

  it('masks a layer by the mask layer its maskId names, with invert and feather; the mask only masks', () => {
    const p = project();
    const mask = createLayer('mask', { id: 'm' as LayerId });
    mask.maskData = { feather: 6 };
    const img = image('i');
    img.maskId = 'm';
    const free = createLayer('mask', { id: 'free' as LayerId });
    p.layers.push(mask, img, free);
    const items = projectToRenderDescription(p).items;
    expect(items.find((i) => i.id === 'i')?.mask).toEqual({ itemId: 'm', invert: false, feather: 6 });
    expect(items.find((i) => i.id === 'm')?.visible).toBe(false);
    // A mask nobody references draws with its own blend mode (subtract).
    expect(items.find((i) => i.id === 'free')).toMatchObject({ visible: true, blendMode: 'subtract' });
    img.maskInvert = true;
    expect(projectToRenderDescription(p).items.find((i) => i.id === 'i')?.mask?.invert).toBe(true);
  });
});
