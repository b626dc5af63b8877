import { afterAll, describe, expect, it } from 'vitest';
import { createRenderer } from './renderer';
import { newCanvas, readAll } from './testing/pixels';
import type { RenderItem } from './types';

const canvas = newCanvas(64, 32);
const renderer = createRenderer(canvas);
const gl = canvas.getContext('webgl2')!;
afterAll(() => renderer.dispose());

// The mask is an invisible white rect over the left half; the masked item is red over everything.
const maskItem: RenderItem = { id: 'm', source: { kind: 'color', color: '#ffffff' }, width: 32, height: 32, x: 16, y: 16, visible: false };
const red = (mask: RenderItem['mask']): RenderItem => ({ id: 'r', source: { kind: 'color', color: '#ff0000' }, width: 64, height: 32, x: 32, y: 16, mask });
const draw = (mask: RenderItem['mask'], extra: RenderItem[] = []): ReturnType<typeof readAll> => {
  renderer.render({ width: 64, height: 32, background: '#000000', items: [maskItem, ...extra, red(mask)] });
  return readAll(gl);
};

describe('luminance masks', () => {
  it('shows the item where the mask is white and hides it elsewhere; the invisible mask item is not drawn', () => {
    const px = draw({ itemId: 'm' });
    expect(px.at(8, 16)).toEqual([255, 0, 0, 255]);
    expect(px.at(31, 16)).toEqual([255, 0, 0, 255]);
    expect(px.at(32, 16)).toEqual([0, 0, 0, 255]);
    expect(px.at(60, 16)).toEqual([0, 0, 0, 255]);
  });

  it('inverts', () => {
    const px = draw({ itemId: 'm', invert: true });
    expect(px.at(8, 16)).toEqual([0, 0, 0, 255]);
    expect(px.at(40, 16)).toEqual([255, 0, 0, 255]);
  });

  it('uses luminance: a mid-grey mask gives half coverage', () => {
    renderer.render({
      width: 64,
      height: 32,
      background: '#000000',
      items: [{ ...maskItem, source: { kind: 'color', color: '#808080' } }, red({ itemId: 'm' })],
    });
    const [r] = readAll(gl).at(8, 16);
    expect(Math.abs(r - 128)).toBeLessThanOrEqual(2);
  });

  it('feathers the edge: a smooth ramp across the boundary, unchanged far from it', () => {
    const px = draw({ itemId: 'm', feather: 8 });
    const ramp = [26, 28, 30, 32, 34, 36, 38].map((x) => px.at(x, 16)[0]);
    for (let i = 1; i < ramp.length; i++) expect(ramp[i]!).toBeLessThan(ramp[i - 1]!);
    expect(ramp[0]!).toBeLessThan(255);
    expect(ramp[ramp.length - 1]!).toBeGreaterThan(0);
    expect(Math.abs(px.at(32, 16)[0] - 128)).toBeLessThanOrEqual(20);
    expect(px.at(2, 16)[0]).toBe(255);
    expect(px.at(62, 16)[0]).toBe(0);
  });

  it('inverted feather mirrors the ramp', () => {
    const a = draw({ itemId: 'm', feather: 8 }).at(28, 16)[0];
    const b = draw({ itemId: 'm', feather: 8, invert: true }).at(28, 16)[0];
    expect(Math.abs(a + b - 255)).toBeLessThanOrEqual(3);
  });
});
