import { describe, expect, it } from 'vitest';
import { decideLayerBackground, fitRect, layerBackgroundMemo } from './background';

describe('background fit', () => {
  it('contain, cover, fill and none place a 1600x800 image on 800x800', () => {
    expect(fitRect('contain', 1600, 800, 800)).toEqual({ x: 0, y: 200, width: 800, height: 400 });
    expect(fitRect('cover', 1600, 800, 800)).toEqual({ x: -400, y: 0, width: 1600, height: 800 });
    expect(fitRect('fill', 1600, 800, 800)).toEqual({ x: 0, y: 0, width: 800, height: 800 });
    expect(fitRect('none', 1600, 800, 800)).toEqual({ x: -400, y: 0, width: 1600, height: 800 });
    expect(fitRect('none', 200, 100, 800)).toEqual({ x: 300, y: 350, width: 200, height: 100 });
  });
});

describe('layer background', () => {
  const image = { id: 'l1', type: 'image', content: { src: 'http://x/a.png' } };

  it('image, video, mask and giphy layers with a source are shown at 0.3', () => {
    for (const type of ['image', 'video', 'mask', 'giphy']) {
      expect(decideLayerBackground({ ...image, type }, 0, null)).toMatchObject({ kind: 'set', src: 'http://x/a.png', opacity: 0.3 });
    }
    expect(decideLayerBackground({ ...image, type: 'video' }, 0, null)).toMatchObject({ mediaKind: 'video' });
  });

  it('other types, or no source, are unsupported', () => {
    expect(decideLayerBackground({ id: 'l', type: 'html', content: { src: 'x' } }, 0, null).kind).toBe('unsupported');
    expect(decideLayerBackground({ id: 'l', type: 'image', content: {} }, 0, null).kind).toBe('unsupported');
    expect(decideLayerBackground({ id: 'l', type: 'image' }, 0, null).kind).toBe('unsupported');
  });

  it('the same layer background is not set again within 1 s', () => {
    const memo = layerBackgroundMemo(image, 1000);
    expect(decideLayerBackground(image, 1999, memo).kind).toBe('repeat');
    expect(decideLayerBackground(image, 2000, memo).kind).toBe('set');
    expect(decideLayerBackground({ ...image, id: 'l2' }, 1500, memo).kind).toBe('set');
  });
});
