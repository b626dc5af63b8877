import type { Point } from '@beamstage/layers';
import { applyHomography, invertMat3 } from '@beamstage/render-core';
import type { Mat3 } from '@beamstage/render-core';
import { STAGE_ZOOM_LIMITS } from '../../state/session-store';

/**
 * How the stage shows the canvas: screen = stage * zoom + (x, y), in CSS pixels relative to the
 * stage area's top-left. zoom 1 is one canvas pixel per CSS pixel.
 */
export interface Viewport {
  zoom: number;
  x: number;
  y: number;
  /**
   * The project's output warp (canvas px -> output px, libs/stage's outputHomography) when it is
   * not the identity: the stage draws every layer through it, so handles and hit tests go through
   * it too. Zoom and pan apply after it.
   */
  output?: Mat3 | null;
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

/** An output point (canvas px after the output warp: what the canvas element shows) on screen. */
export function outputToScreen(v: Viewport, p: Point): Point {
  return { x: p.x * v.zoom + v.x, y: p.y * v.zoom + v.y };
}

/** A screen point as an output point (before undoing the output warp). */
export function screenToOutput(v: Viewport, p: Point): Point {
  return { x: (p.x - v.x) / v.zoom, y: (p.y - v.y) / v.zoom };
}

const inverses = new WeakMap<Mat3, Mat3 | null>();
function inverseOf(m: Mat3): Mat3 | null {
  if (!inverses.has(m)) {
    let inv: Mat3 | null = null;
    try {
      inv = invertMat3(m);
    } catch {
      inv = null;
    }
    inverses.set(m, inv);
  }
  return inverses.get(m) ?? null;
}

export function stageToScreen(v: Viewport, p: Point): Point {
  return outputToScreen(v, v.output ? applyHomography(v.output, p) : p);
}

export function screenToStage(v: Viewport, p: Point): Point {
  const out = screenToOutput(v, p);
  const inv = v.output ? inverseOf(v.output) : null;
  return inv ? applyHomography(inv, out) : out;
}

/** The viewport zoomed by `factor`, keeping the point under `screen` where it is (output warp kept). */
export function zoomAbout(v: Viewport, screen: Point, factor: number): Viewport {
  const zoom = clampZoom(v.zoom * factor);
  const anchor = screenToOutput(v, screen);
  return { zoom, x: screen.x - anchor.x * zoom, y: screen.y - anchor.y * zoom, ...(v.output ? { output: v.output } : {}) };
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
