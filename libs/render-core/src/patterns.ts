import type { PatternKind } from './types';

/** The colour bars, left to right (75% bars are a broadcast habit; projection setups want full values). */
export const COLOR_BARS = ['#ffffff', '#ffff00', '#00ffff', '#00ff00', '#ff00ff', '#ff0000', '#0000ff', '#000000'] as const;
/** Columns of the numbered grid. */
export const GRID_COLUMNS = 8;

type Ctx2d = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function makeCanvas(width: number, height: number): { canvas: HTMLCanvasElement | OffscreenCanvas; ctx: Ctx2d } {
  const canvas =
    typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height });
  const ctx = canvas.getContext('2d') as Ctx2d | null;
  if (!ctx) throw new Error('No 2D canvas for test patterns');
  return { canvas, ctx };
}

/** Draws a built-in test pattern at the given (output) resolution. */
export function drawPattern(kind: PatternKind, width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  const { canvas, ctx } = makeCanvas(width, height);
  if (kind === 'white') {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
  } else if (kind === 'bars') {
    COLOR_BARS.forEach((c, i) => {
      ctx.fillStyle = c;
      const x0 = Math.round((i * width) / COLOR_BARS.length),
        x1 = Math.round(((i + 1) * width) / COLOR_BARS.length);
      ctx.fillRect(x0, 0, x1 - x0, height);
    });
  } else if (kind === 'crosshair') {
    ctx.fillStyle = '#000000';
    ctx.fillRect(0, 0, width, height);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = Math.max(1, Math.round(Math.min(width, height) / 200));
    ctx.beginPath();
    ctx.moveTo(width / 2, 0);
    ctx.lineTo(width / 2, height);
    ctx.moveTo(0, height / 2);
    ctx.lineTo(width, height / 2);
    ctx.moveTo(0, 0);
    ctx.lineTo(width, height);
    ctx.moveTo(width, 0);
    ctx.lineTo(0, height);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(width / 2, height / 2, Math.min(width, height) * 0.4, 0, Math.PI * 2);
    ctx.stroke();
    ctx.strokeRect(ctx.lineWidth / 2, ctx.lineWidth / 2, width - ctx.lineWidth, height - ctx.lineWidth);
  } else {
    const cols = GRID_COLUMNS,
      cell = width / cols,
      rows = Math.max(1, Math.round(height / cell));
    const cellH = height / rows;
    ctx.fillStyle = '#202020';
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#ffffff';
    ctx.font = `${Math.max(8, Math.round(Math.min(cell, cellH) / 3))}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) ctx.fillText(String(r * cols + c + 1), (c + 0.5) * cell, (r + 0.5) * cellH);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let c = 0; c <= cols; c++) {
      const x = Math.min(width - 0.5, Math.round(c * cell) + 0.5);
      ctx.moveTo(x, 0);
      ctx.lineTo(x, height);
    }
    for (let r = 0; r <= rows; r++) {
      const y = Math.min(height - 0.5, Math.round(r * cellH) + 0.5);
      ctx.moveTo(0, y);
      ctx.lineTo(width, y);
    }
    ctx.stroke();
  }
  return canvas;
}
