import { describe, expect, it } from 'vitest';
// The grid is the stage tools' (one implementation for the mesh toggle and the inspector's reset).
import { meshGridFromCorners } from '../stage/tools/geometry';
import { meshIsComplete } from './mesh-grid';

const rect = [
  { x: 0, y: 0 },
  { x: 300, y: 0 },
  { x: 300, y: 150 },
  { x: 0, y: 150 },
];

describe('meshGridFromCorners', () => {
  it('spans the corners row-major from the top-left', () => {
    const grid = meshGridFromCorners(rect, 4);
    expect(grid).toHaveLength(16);
    expect(grid[0]).toEqual({ x: 0, y: 0 });
    expect(grid[3]).toEqual({ x: 300, y: 0 });
    expect(grid[12]).toEqual({ x: 0, y: 150 });
    expect(grid[15]).toEqual({ x: 300, y: 150 });
    expect(grid[5]).toEqual({ x: 100, y: 50 });
    expect(meshIsComplete(grid, 4)).toBe(true);
    expect(meshIsComplete(grid, 3)).toBe(false);
  });

  it('follows a warped quad bilinearly', () => {
    const quad = [
      { x: 0, y: 0 },
      { x: 100, y: 20 },
      { x: 120, y: 100 },
      { x: -20, y: 80 },
    ];
    const grid = meshGridFromCorners(quad, 3);
    expect(grid[0]).toEqual(quad[0]);
    expect(grid[2]).toEqual(quad[1]);
    expect(grid[8]).toEqual(quad[2]);
    expect(grid[6]).toEqual(quad[3]);
    expect(grid[4]).toEqual({ x: 50, y: 50 });
  });
});
