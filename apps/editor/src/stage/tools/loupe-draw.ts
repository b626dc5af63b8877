import type { Point } from '@beamstage/layers';

/** The loupe magnifies what the screen shows under the dragged point this many times. */
export const LOUPE_MAGNIFICATION = 4;
/** The loupe's side in CSS pixels. */
export const LOUPE_SIZE_PX = 160;

/** The canvas region (canvas pixels) a loupe shows around a point, at a stage zoom. */
export function loupeRegion(center: Point, zoom: number): { x: number; y: number; size: number } {
  const size = LOUPE_SIZE_PX / (zoom * LOUPE_MAGNIFICATION);
  return { x: center.x - size / 2, y: center.y - size / 2, size };
}

/**
 * Draws the loupe: the stage canvas's region around `center` scaled to fill `target`, pixels kept
 * sharp, with a crosshair on the point. Called right after the stage draws (a WebGL canvas without
 * preserveDrawingBuffer can be copied only in the task that drew it).
 */
export function drawLoupe(target: HTMLCanvasElement, source: CanvasImageSource, center: Point, zoom: number): void {
  const g = target.getContext('2d');
  if (!g) return;
  const { width, height } = target;
  const r = loupeRegion(center, zoom);
  g.imageSmoothingEnabled = false;
  g.fillStyle = '#000';
  g.fillRect(0, 0, width, height);
  g.drawImage(source, r.x, r.y, r.size, r.size, 0, 0, width, height);
  g.strokeStyle = 'rgba(0, 0, 0, 0.7)';
  g.lineWidth = 3;
  crosshair(g, width, height);
  g.strokeStyle = '#22d3ee';
  g.lineWidth = 1;
  crosshair(g, width, height);
}

function crosshair(g: CanvasRenderingContext2D, width: number, height: number) {
  const cx = width / 2;
  const cy = height / 2;
  const gap = 6;
  g.beginPath();
  g.moveTo(0, cy);
  g.lineTo(cx - gap, cy);
  g.moveTo(cx + gap, cy);
  g.lineTo(width, cy);
  g.moveTo(cx, 0);
  g.lineTo(cx, cy - gap);
  g.moveTo(cx, cy + gap);
  g.lineTo(cx, height);
  g.stroke();
}
