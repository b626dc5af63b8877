import { describe, expect, it } from 'vitest';
import { colourBars, crosshair, gridCells, GRID_CELLS_SHORT_SIDE } from './pattern-geometry';

const area = (r: { w: number; h: number }[]) => r.reduce((s, c) => s + c.w * c.h, 0);

describe('test pattern geometry', () => {
  it('the grid tiles the whole output with numbered square cells, lines through the centre', () => {
    const cells = gridCells(1920, 1080);
    expect(area(cells)).toBe(1920 * 1080);
    expect(cells.map((c) => c.n)).toEqual(cells.map((_, i) => i + 1));
    const size = Math.floor(1080 / GRID_CELLS_SHORT_SIDE);
    expect(cells.filter((c) => c.w === size && c.h === size).length).toBeGreaterThan(80);
    // An even cell count across the short side: the centre is on a cell corner.
    expect(cells.some((c) => c.x + c.w === 960 && c.y + c.h === 540)).toBe(true);
    expect(cells.every((c) => c.x >= 0 && c.y >= 0 && c.x + c.w <= 1920 && c.y + c.h <= 1080)).toBe(true);
  });

  it('colour bars cover the width in whole pixels, eight of them', () => {
    const bars = colourBars(1366, 768);
    expect(bars).toHaveLength(8);
    expect(bars.reduce((s, b) => s + b.w, 0)).toBe(1366);
    expect(bars.every((b) => Number.isInteger(b.x) && Number.isInteger(b.w) && b.h === 768)).toBe(true);
    expect(bars[0]!.colour).toBe('#ffffff');
    expect(bars[7]!.colour).toBe('#000000');
  });

  it('the crosshair crosses at the centre with circles up to the short side', () => {
    const c = crosshair(800, 600);
    expect(c.centre).toEqual({ x: 400, y: 300 });
    expect(c.lines[0]).toEqual({ x1: 0, y1: 300, x2: 800, y2: 300 });
    expect(c.lines[1]).toEqual({ x1: 400, y1: 0, x2: 400, y2: 600 });
    expect(c.radii).toEqual([75, 150, 300]);
  });
});
