// Beyond the spec: the mask as flattened polygons and polylines in normalised 0..1 coordinates, so
// a GPU compositor (render-core) can draw it with a stencil fill and thick lines instead of
// decoding a PNG. Paint order matters: 'erase' shapes clear what earlier 'draw' shapes inked.
import { MASK_CANVAS_SIZE_PX } from './constants';
import { flattenPath } from './geometry';
import type { MaskItem } from './types';

export type VectorMaskShape =
  /** A closed filled ring (x0,y0,x1,y1,...), even-odd is not needed: one ring per shape. */
  | { readonly kind: 'fill'; readonly mode: 'draw' | 'erase'; readonly ring: readonly number[] }
  /** A round-capped polyline of the given width (normalised to the mask size). */
  | { readonly kind: 'line'; readonly mode: 'draw' | 'erase'; readonly points: readonly number[]; readonly width: number; readonly closed: boolean };

export interface VectorMask {
  readonly version: 1;
  /** Size of the drawing the coordinates were normalised from. */
  readonly sizePx: number;
  /** Edge feather as a fraction of the mask size (0: hard). */
  readonly feather: number;
  readonly shapes: readonly VectorMaskShape[];
  /** Raster items cannot be vectorised; their count is reported so a caller can fall back to the PNG. */
  readonly rasterItems: number;
}

/** Converts the drawing to a vector mask (Bezier curves flattened to maxChordPx chords). */
export function toVectorMask(items: readonly MaskItem[], options: { sizePx?: number; featherPx?: number; maxChordPx?: number } = {}): VectorMask {
  const size = options.sizePx ?? MASK_CANVAS_SIZE_PX;
  const n = (v: number) => v / size;
  const shapes: VectorMaskShape[] = [];
  let rasterItems = 0;
  for (const item of items) {
    if (item.kind === 'image') {
      rasterItems++;
      continue;
    }
    if (item.kind === 'stroke') {
      const points = item.stroke.points.flatMap((p) => [n(p.x), n(p.y)]);
      if (points.length) shapes.push({ kind: 'line', mode: item.stroke.isEraser ? 'erase' : 'draw', points, width: n(item.stroke.brushSize), closed: false });
      continue;
    }
    const { path } = item;
    const poly = flattenPath(path, options.maxChordPx ?? 2).flatMap((p) => [n(p.x), n(p.y)]);
    if (poly.length < 4) continue;
    const mode = path.isEraser ? 'erase' : 'draw';
    if (path.closed && path.filled) shapes.push({ kind: 'fill', mode, ring: poly });
    shapes.push({ kind: 'line', mode, points: poly, width: n(path.strokeWidth), closed: path.closed });
  }
  return { version: 1, sizePx: size, feather: n(Math.max(0, options.featherPx ?? 0)), shapes, rasterItems };
}
