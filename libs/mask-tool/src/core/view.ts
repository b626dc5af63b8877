// Zoom and pan of the drawing view. Screen px are canvas-element px; drawing px are mask px.
import { ZOOM_MAX, ZOOM_MIN } from './constants';
import type { StrokePoint } from './types';

export interface ViewTransform {
  readonly zoom: number;
  readonly panX: number;
  readonly panY: number;
}

export const IDENTITY_VIEW: ViewTransform = { zoom: 1, panX: 0, panY: 0 };

/** Clamps a number into [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Screen position to drawing position. */
export function screenToDrawing(view: ViewTransform, p: StrokePoint): StrokePoint {
  return { x: (p.x - view.panX) / view.zoom, y: (p.y - view.panY) / view.zoom };
}

/** Drawing position to screen position. */
export function drawingToScreen(view: ViewTransform, p: StrokePoint): StrokePoint {
  return { x: p.x * view.zoom + view.panX, y: p.y * view.zoom + view.panY };
}

/** Multiplies the zoom by factor (clamped to 0.1..5) keeping the drawing point under anchor still. */
export function zoomAround(view: ViewTransform, factor: number, anchor: StrokePoint): ViewTransform {
  const zoom = clamp(view.zoom * factor, ZOOM_MIN, ZOOM_MAX);
  const ratio = zoom / view.zoom;
  return { zoom, panX: anchor.x - (anchor.x - view.panX) * ratio, panY: anchor.y - (anchor.y - view.panY) * ratio };
}
