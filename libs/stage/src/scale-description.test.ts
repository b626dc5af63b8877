import type { RenderDescription } from '@beamstage/render-core';
import { describe, expect, it } from 'vitest';
import { scaleDescription } from './scale-description';

const frame: RenderDescription = {
  width: 1920,
  height: 1080,
  background: '#102030',
  items: [
    { id: 'a', source: { kind: 'image', url: '/a.png' }, x: 960, y: 540, width: 400, height: 200, scaleX: 2, rotation: 30, opacity: 0.5, blendMode: 'screen' },
    {
      id: 'b',
      source: { kind: 'shader', fragmentSrc: 'void main() {}' },
      x: 100,
      y: 100,
      width: 200,
      height: 100,
      warp: {
        kind: 'corners',
        points: [
          { x: 0, y: 0 },
          { x: 1920, y: 0 },
          { x: 1920, y: 1080 },
          { x: 0, y: 1080 },
        ],
      },
      mask: { itemId: 'a', feather: 12 },
    },
    {
      id: 'c',
      source: { kind: 'color', color: '#fff' },
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      warp: {
        kind: 'mesh',
        rows: 1,
        cols: 2,
        points: [
          { x: 480, y: 270 },
          { x: 960, y: 540 },
        ],
        showGrid: { thicknessPx: 6 },
      },
    },
  ],
};

describe('scaleDescription', () => {
  it('scales the canvas and every place, size, warp point, feather and grid line; keeps the rest', () => {
    const small = scaleDescription(frame, 0.25);
    expect(small).toMatchObject({ width: 480, height: 270, background: '#102030' });
    expect(small.items[0]).toEqual({ ...frame.items[0], x: 240, y: 135, width: 100, height: 50 });
    expect(small.items[1]).toMatchObject({
      x: 25,
      y: 25,
      width: 50,
      height: 25,
      source: frame.items[1]!.source,
      mask: { itemId: 'a', feather: 3 },
      warp: {
        kind: 'corners',
        points: [
          { x: 0, y: 0 },
          { x: 480, y: 0 },
          { x: 480, y: 270 },
          { x: 0, y: 270 },
        ],
      },
    });
    expect(small.items[2]!.warp).toEqual({
      kind: 'mesh',
      rows: 1,
      cols: 2,
      points: [
        { x: 120, y: 67.5 },
        { x: 240, y: 135 },
      ],
      showGrid: { thicknessPx: 1.5 },
    });
    // The input is left as it was.
    expect(frame.items[0]!.x).toBe(960);
  });

  it('fills the rounded canvas exactly, axis by axis', () => {
    const small = scaleDescription({ ...frame, width: 800, height: 601 }, 320 / 800);
    expect(small).toMatchObject({ width: 320, height: 240 });
    const edge = small.items[1]!.warp!.points[2]!;
    expect(edge.x).toBeCloseTo((1920 * 320) / 800);
    expect(edge.y).toBeCloseTo((1080 * 240) / 601);
  });
});
