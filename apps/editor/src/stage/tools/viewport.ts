import type { Point } from '@beamstage/layers';
import { STAGE_ZOOM_LIMITS } from '../../state/session-store';

/**
 * How the stage shows the canvas: screen = stage * zoom + (x, y), in CSS pixels relative to the
 * stage area's top-left. zoom 1 is one canvas pixel per CSS pixel.
 */
export interface Viewport {
  zoom: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const ZOOM_MIN = STAGE_ZOOM_LIMITS.min;
export const ZOOM_MAX = STAGE_ZOOM_LIMITS.max;
/** The zoom in/out actions step by this factor. */
export const ZOOM_STEP = 1.25;
/** Free space left around the canvas when it is fitted, in screen pixels on each side. */
export const FIT_MARGIN_PX = 24;
/** Wheel delta (pixels) for a factor of e: about 1.16x per 100 px notch. */
const WHEEL_PX_PER_E = 660;

export const clampZoom = (zoom: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

export function stageToScreen(v: Viewport, p: Point): Point {
  return { x: p.x * v.zoom + v.x, y: p.y * v.zoom + v.y };
}

export function screenToStage(v: Viewport, p: Point): Point {
  return { x: (p.x - v.x) / v.zoom, y: (p.y - v.y) / v.zoom };
}

/** The viewport zoomed by `factor`, keeping the stage point under `screen` where it is. */
export function zoomAbout(v: Viewport, screen: Point, factor: number): Viewport {
  const zoom = clampZoom(v.zoom * factor);
  const anchor = screenToStage(v, screen);
  return { zoom, x: screen.x - anchor.x * zoom, y: screen.y - anchor.y * zoom };
}

/** The zoom factor of a wheel turn (negative delta, away from the user, zooms in). */
export function wheelFactor(deltaY: number): number {
  return Math.exp(-deltaY / WHEEL_PX_PER_E);
}

/** The whole canvas centred in the box with FIT_MARGIN_PX around it. */
export function fitViewport(box: Size, canvas: Size): Viewport {
  const availW = Math.max(1, box.width - 2 * FIT_MARGIN_PX);
  const availH = Math.max(1, box.height - 2 * FIT_MARGIN_PX);
  const zoom = clampZoom(Math.min(availW / canvas.width, availH / canvas.height));
  return { zoom, x: (box.width - canvas.width * zoom) / 2, y: (box.height - canvas.height * zoom) / 2 };
}
