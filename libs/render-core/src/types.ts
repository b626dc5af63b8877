import type { BlendMode } from './blend-modes';

/** A point in canvas pixels (origin top-left, y down). */
export interface Point {
  x: number;
  y: number;
}

/** Four corners in canvas pixels, in the order top-left, top-right, bottom-right, bottom-left. */
export type Corners = readonly [Point, Point, Point, Point];

/** Built-in test patterns, generated at the output resolution. */
export type PatternKind = 'grid' | 'crosshair' | 'bars' | 'white';

/** Where an item's pixels come from. */
export type RenderSource =
  | { kind: 'image'; url: string }
  | { kind: 'bitmap'; bitmap: ImageBitmap | HTMLCanvasElement | OffscreenCanvas | ImageData; version?: number }
  | { kind: 'video'; element: HTMLVideoElement }
  | { kind: 'shader'; fragmentSrc: string; uniforms?: Record<string, number | readonly number[]> }
  | { kind: 'color'; color: string }
  | { kind: 'pattern'; pattern: PatternKind };

/** Four-corner perspective warp: the corners replace the item's transform. */
export interface CornersWarp {
  kind: 'corners';
  points: Corners;
}

/** Mesh warp: rows x cols control points in canvas pixels, row-major from the top-left. */
export interface MeshWarp {
  kind: 'mesh';
  rows: number;
  cols: number;
  points: readonly Point[];
  /** 'bicubic' (Catmull-Rom through the points, the default) or 'bilinear'. */
  interpolation?: 'bilinear' | 'bicubic';
  /** Draws the mesh lines over the item. */
  showGrid?: { density?: number; thicknessPx?: number; color?: string };
}

export type Warp = CornersWarp | MeshWarp;

/** A luminance mask taken from another item of the same description. */
export interface MaskRef {
  itemId: string;
  invert?: boolean;
  /** Edge softening radius in canvas pixels (0 = hard edge). */
  feather?: number;
}

/** Colour filters, applied in the item's shader. Neutral values: 1 for the factors, 0 for the rest. */
export interface RenderFilters {
  brightness?: number;
  contrast?: number;
  saturate?: number;
  hueRotate?: number;
  grayscale?: number;
  invert?: number;
  sepia?: number;
}

/** One layer to draw. Items draw in array order (the first is at the bottom). */
export interface RenderItem {
  id: string;
  source: RenderSource;
  /** Size of the item in canvas pixels before scale. */
  width: number;
  height: number;
  /** Centre of the item in canvas pixels. */
  x: number;
  y: number;
  scaleX?: number;
  scaleY?: number;
  /** Clockwise degrees about the centre. */
  rotation?: number;
  /** 0..1, default 1. */
  opacity?: number;
  /** Default true. An invisible item is not drawn but can still serve as a mask. */
  visible?: boolean;
  /** One of the 27 modes; unknown names fall back to normal. */
  blendMode?: BlendMode | string;
  warp?: Warp;
  mask?: MaskRef;
  filters?: RenderFilters;
}

/** The whole input of one frame. */
export interface RenderDescription {
  width: number;
  height: number;
  /** CSS colour such as '#000000'; 'transparent' clears to nothing. */
  background: string;
  items: readonly RenderItem[];
}
