import { buildProjectJson } from '@beamstage/layers/testing';
import { describe, expect, it } from 'vitest';
import { blendStates } from './scene-cue';

describe('scene cue (GO)', () => {
  const project = buildProjectJson(['image', 'image', 'image']);
  const [a, b, c] = project.layers as [(typeof project.layers)[0], (typeof project.layers)[0], (typeof project.layers)[0]];
  const from = { layers: [a, b], canvas: project.canvas, warpPoints: project.warpPoints };
  const to = { layers: [{ ...a, x: a.x + 100, opacity: 0.5 }, c], canvas: project.canvas, warpPoints: project.warpPoints };

  it('moves shared layers, fades the others out and in, and ends exactly on the target', () => {
    const half = blendStates(from, to, 0.5);
    const ids = half.layers.map((l) => l.id);
    expect(ids).toEqual([a.id, b.id, c.id]);
    expect(half.layers[0]).toMatchObject({ x: a.x + 50, opacity: 0.75 });
    expect(half.layers[1]!.opacity).toBeCloseTo(0.5, 9);
    expect(half.layers[2]!.opacity).toBeCloseTo(0.5, 9);
    expect(blendStates(from, to, 0)).toMatchObject({
      layers: [
        { x: a.x, opacity: 1 },
        { id: b.id, opacity: 1 },
        { id: c.id, opacity: 0 },
      ],
    });
    expect(blendStates(from, to, 1)).toBe(to);
  });

  it('a hidden layer fades in from nothing instead of popping', () => {
    const hidden = { layers: [{ ...a, visible: false }] };
    const shown = { layers: [a] };
    const q = blendStates(hidden, shown, 0.25).layers[0]!;
    expect(q.visible).toBe(true);
    expect(q.opacity).toBeCloseTo(0.25, 9);
  });

  it('fades the canvas background with the layers instead of switching it', () => {
    const black = { layers: [a], canvas: { ...project.canvas, background: '#000000' } };
    const white = { layers: [a], canvas: { ...project.canvas, background: 'white' } };
    expect(blendStates(black, white, 0.5).canvas!.background).toBe('#808080');
    expect(blendStates(black, white, 0.25).canvas!.background).toBe('#404040');
    expect(blendStates(black, white, 0).canvas!.background).toBe('#000000');
    expect(blendStates(black, white, 1).canvas!.background).toBe('white');
  });

  it('keeps the alpha of a see-through background', () => {
    const clear = { layers: [a], canvas: { ...project.canvas, background: 'transparent' } };
    const red = { layers: [a], canvas: { ...project.canvas, background: '#ff0000' } };
    expect(blendStates(clear, red, 0.5).canvas!.background).toBe('#80000080');
  });
});
