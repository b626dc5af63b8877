// Data types of a mask drawing (spec section 3, "Mask drawing").

/** Branded id of a mask path. */
export type MaskPathId = string & { readonly __brand: 'MaskPathId' };
/** Branded id of a point of a mask path. */
export type MaskPointId = string & { readonly __brand: 'MaskPointId' };

export type MaskTool = 'pen' | 'brush' | 'eraser';
export type BackgroundFitMode = 'contain' | 'cover' | 'fill' | 'none';
export const BACKGROUND_FIT_MODES: readonly BackgroundFitMode[] = ['contain', 'cover', 'fill', 'none'];

/** A handle offset from its anchor point, in drawing px. */
export interface HandleOffset {
  readonly dx: number;
  readonly dy: number;
}

/** A Bezier anchor. h1 is the in-handle, h2 the out-handle (both offsets). */
export interface MaskPoint {
  readonly id: MaskPointId;
  readonly x: number;
  readonly y: number;
  readonly smooth: boolean;
  readonly h1: HandleOffset;
  readonly h2: HandleOffset;
  readonly selected: boolean;
}

export interface MaskPath {
  readonly id: MaskPathId;
  readonly points: readonly MaskPoint[];
  readonly closed: boolean;
  readonly filled: boolean;
  readonly strokeWidth: number;
  readonly color: string;
  readonly isEraser: boolean;
}

export interface StrokePoint {
  readonly x: number;
  readonly y: number;
}

/** A brush or eraser stroke: the pointer positions while the button was down. */
export interface BrushStroke {
  readonly points: readonly StrokePoint[];
  readonly brushSize: number;
  readonly isEraser: boolean;
}

/** A raster kept from an older serialised drawing (spec: maskGraphics instruction). */
export interface MaskGraphicsImage {
  readonly dataUrl: string;
  readonly width: number;
  readonly height: number;
}

/** One finalised element of the mask, drawn in order (later eraser marks cover earlier ink). */
export type MaskItem =
  | { readonly kind: 'path'; readonly path: MaskPath }
  | { readonly kind: 'stroke'; readonly stroke: BrushStroke }
  | { readonly kind: 'image'; readonly image: MaskGraphicsImage };

/** A background image shown behind the drawing (never exported). */
export interface MaskBackgroundImage {
  readonly src: string;
  readonly width: number;
  readonly height: number;
  /** A file name or the layer id it came from, for messages. */
  readonly label: string;
  /** Layer backgrounds may be videos; loaded files are always images. */
  readonly mediaKind?: 'image' | 'video';
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
