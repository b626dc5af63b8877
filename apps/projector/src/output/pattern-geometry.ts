/** Pure geometry of the test patterns, in output pixels (the projector's real resolution). */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface GridCell extends Rect {
  /** 1-based, row by row from the top left. */
  n: number;
}

/** Cells per short side of the numbered grid. */
export const GRID_CELLS_SHORT_SIDE = 8;

/**
 * The numbered grid: square cells, GRID_CELLS_SHORT_SIDE across the short side, centred, so the
 * centre lines fall on cell edges when the count is even; edge cells are cut by the output border.
 */
export function gridCells(width: number, height: number): GridCell[] {
  const size = Math.max(1, Math.floor(Math.min(width, height) / GRID_CELLS_SHORT_SIDE));
  const offsetX = ((width / 2) % size) - size;
  const offsetY = ((height / 2) % size) - size;
  const cells: GridCell[] = [];
  let n = 0;
  for (let y = offsetY; y < height; y += size) {
    for (let x = offsetX; x < width; x += size) {
      const x0 = Math.max(0, x);
      const y0 = Math.max(0, y);
      const w = Math.min(width, x + size) - x0;
      const h = Math.min(height, y + size) - y0;
      if (w > 0 && h > 0) cells.push({ x: x0, y: y0, w, h, n: ++n });
    }
  }
  return cells;
}

/** SMPTE-like order of the colour bars. */
export const BAR_COLOURS = ['#ffffff', '#ffff00', '#00ffff', '#00ff00', '#ff00ff', '#ff0000', '#0000ff', '#000000'] as const;

/** Bars of whole pixels covering the width exactly (the remainder spread one pixel at a time). */
export function colourBars(width: number, height: number): (Rect & { colour: string })[] {
  const count = BAR_COLOURS.length;
  const out: (Rect & { colour: string })[] = [];
  let x = 0;
  for (let i = 0; i < count; i++) {
    const next = Math.round(((i + 1) * width) / count);
    out.push({ x, y: 0, w: next - x, h: height, colour: BAR_COLOURS[i]! });
    x = next;
  }
  return out;
}

export interface Crosshair {
  centre: { x: number; y: number };
  /** Full-width and full-height lines through the centre. */
  lines: { x1: number; y1: number; x2: number; y2: number }[];
  /** Concentric circles around the centre (a quarter, a half and the whole of the short half-side). */
  radii: number[];
  /** Corner brackets' length, one per corner, to see the output's edges. */
  corner: number;
}

export function crosshair(width: number, height: number): Crosshair {
  const cx = width / 2;
  const cy = height / 2;
  const half = Math.min(width, height) / 2;
  return {
    centre: { x: cx, y: cy },
    lines: [
      { x1: 0, y1: cy, x2: width, y2: cy },
      { x1: cx, y1: 0, x2: cx, y2: height },
      { x1: 0, y1: 0, x2: width, y2: height },
      { x1: width, y1: 0, x2: 0, y2: height },
    ],
    radii: [half / 4, half / 2, half],
    corner: Math.round(half / 4),
  };
}
