// What to paint for a mask, as plain data. The PNG export and the on-screen canvas both execute
// these with Canvas 2D (modal/paint.ts); the pure side stays testable in Node.
import { MASK_BACKGROUND_COLOR, MASK_CANVAS_SIZE_PX, MASK_COLOR } from './constants';
import { pathData, strokeData } from './geometry';
import type { MaskItem, MaskPath } from './types';

export type MaskPaintOp =
  | {
      readonly kind: 'path';
      readonly d: string;
      readonly fill: string | null;
      readonly stroke: string | null;
      readonly lineWidth: number;
      readonly round: boolean;
    }
  | { readonly kind: 'circle'; readonly cx: number; readonly cy: number; readonly r: number; readonly fill: string }
  | { readonly kind: 'image'; readonly dataUrl: string; readonly x: number; readonly y: number; readonly width: number; readonly height: number };

export interface MaskRenderInstructions {
  readonly width: number;
  readonly height: number;
  /** Fill colour of the whole image before the ops (null: transparent, for the on-screen overlay). */
  readonly background: string | null;
  /** Gaussian feather of the finished mask, in px (0: hard edges). */
  readonly featherPx: number;
  readonly ops: readonly MaskPaintOp[];
}

export interface MaskRenderOptions {
  readonly size?: number;
  readonly featherPx?: number;
  readonly background?: string | null;
  readonly ink?: string;
  readonly eraserInk?: string;
}

/** Paint ops for one path (closed and filled paths are filled, all are stroked). */
export function pathOps(path: MaskPath, ink: string, eraserInk: string): MaskPaintOp[] {
  const d = pathData(path);
  if (!d) return [];
  const colour = path.isEraser ? eraserInk : ink;
  return [{ kind: 'path', d, fill: path.closed && path.filled ? colour : null, stroke: colour, lineWidth: path.strokeWidth, round: true }];
}

/** Paint ops for all items, in order: later eraser marks cover earlier ink. */
export function itemOps(items: readonly MaskItem[], ink = MASK_COLOR, eraserInk = MASK_BACKGROUND_COLOR): MaskPaintOp[] {
  const ops: MaskPaintOp[] = [];
  for (const item of items) {
    if (item.kind === 'path') ops.push(...pathOps(item.path, ink, eraserInk));
    else if (item.kind === 'image') ops.push({ kind: 'image', dataUrl: item.image.dataUrl, x: 0, y: 0, width: item.image.width, height: item.image.height });
    else {
      const colour = item.stroke.isEraser ? eraserInk : ink;
      const [only] = item.stroke.points;
      if (item.stroke.points.length === 1 && only) ops.push({ kind: 'circle', cx: only.x, cy: only.y, r: item.stroke.brushSize / 2, fill: colour });
      else if (only) ops.push({ kind: 'path', d: strokeData(item.stroke), fill: null, stroke: colour, lineWidth: item.stroke.brushSize, round: true });
    }
  }
  return ops;
}

/** The instructions that render the exported PNG: white background, black mask, 800x800. */
export function maskRenderInstructions(items: readonly MaskItem[], options: MaskRenderOptions = {}): MaskRenderInstructions {
  const size = options.size ?? MASK_CANVAS_SIZE_PX;
  return {
    width: size,
    height: size,
    background: options.background === undefined ? MASK_BACKGROUND_COLOR : options.background,
    featherPx: Math.max(0, options.featherPx ?? 0),
    ops: itemOps(items, options.ink ?? MASK_COLOR, options.eraserInk ?? MASK_BACKGROUND_COLOR),
  };
}
