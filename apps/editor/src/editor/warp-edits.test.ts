import { createLayer } from '@beamstage/layers';
import type { LayerId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { nudgeOffset, setWarpCorner } from './warp-edits';

describe('setWarpCorner', () => {
  it('moves one corner, keeps the other three and turns the warp on', () => {
    const layer = createLayer('image', { id: 'w' as LayerId });
    const before = layer.warp.points.map((p) => ({ ...p }));
    const oldPoints = layer.warp.points;
    setWarpCorner(layer, 2, { x: 560, y: 470 });
    expect(layer.warp.enabled).toBe(true);
    expect(layer.warp.points).toEqual([before[0], before[1], { x: 560, y: 470 }, before[3]]);
    // A new array: the four points are replaced as one value (design.md section 2).
    expect(layer.warp.points).not.toBe(oldPoints);
  });

  it('ignores an index outside the four corners', () => {
    const layer = createLayer('image', { id: 'w' as LayerId });
    setWarpCorner(layer, 4, { x: 0, y: 0 });
    expect(layer.warp.enabled).toBe(false);
  });
});

describe('nudgeOffset', () => {
  it('nudges 1 px, or 10 px with Shift', () => {
    expect(nudgeOffset('ArrowLeft', false)).toEqual({ x: -1, y: 0 });
    expect(nudgeOffset('ArrowDown', true)).toEqual({ x: 0, y: 10 });
    expect(nudgeOffset('a', false)).toBeNull();
  });
});
