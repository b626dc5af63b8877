import type { OutputPattern } from '@beamstage/sync/browser';
import { colourBars, crosshair, gridCells } from './pattern-geometry';

/**
 * Draws a test pattern at the canvas's own size (the output's resolution). 'masks' is drawn by
 * the stage (white through the project's masks), so here it clears to transparent.
 */
export function drawPattern(ctx: CanvasRenderingContext2D, pattern: OutputPattern, width: number, height: number): void {
  ctx.clearRect(0, 0, width, height);
  if (pattern === 'masks') return;
  // At least 2 px, so a line centred on a whole pixel coordinate covers whole pixels.
  const line = Math.max(2, Math.round(Math.min(width, height) / 360));
  if (pattern === 'white') {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    return;
  }
  if (pattern === 'bars') {
    for (const bar of colourBars(width, height)) {
      ctx.fillStyle = bar.colour;
      ctx.fillRect(bar.x, bar.y, bar.w, bar.h);
    }
    return;
  }
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = '#ffffff';
  ctx.fillStyle = '#ffffff';
  ctx.lineWidth = line;
  if (pattern === 'grid') {
    const cells = gridCells(width, height);
    const size = Math.max(...cells.map((c) => Math.max(c.w, c.h)));
    ctx.font = `${Math.round(size / 4)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const c of cells) {
      ctx.strokeRect(c.x + line / 2, c.y + line / 2, c.w - line, c.h - line);
      ctx.fillText(String(c.n), c.x + c.w / 2, c.y + c.h / 2);
    }
    return;
  }
  const cross = crosshair(width, height);
  ctx.beginPath();
  for (const l of cross.lines) {
    ctx.moveTo(l.x1, l.y1);
    ctx.lineTo(l.x2, l.y2);
  }
  for (const r of cross.radii) {
    ctx.moveTo(cross.centre.x + r, cross.centre.y);
    ctx.arc(cross.centre.x, cross.centre.y, r, 0, Math.PI * 2);
  }
  ctx.stroke();
  // Thick corner brackets: the output's edges must be visible on the wall.
  ctx.lineWidth = line * 4;
  const k = cross.corner;
  ctx.beginPath();
  for (const [x, y, dx, dy] of [
    [0, 0, 1, 1],
    [width, 0, -1, 1],
    [0, height, 1, -1],
    [width, height, -1, -1],
  ] as const) {
    ctx.moveTo(x + dx * k, y + dy * line * 2);
    ctx.lineTo(x + dx * line * 2, y + dy * line * 2);
    ctx.lineTo(x + dx * line * 2, y + dy * k);
  }
  ctx.stroke();
}
