// Mask tool constants (spec section 9). Each name carries its unit.

/** The drawing surface and the exported mask are square, this many pixels a side. */
export const MASK_CANVAS_SIZE_PX = 800;
export const BRUSH_SIZE_MIN_PX = 1;
export const BRUSH_SIZE_MAX_PX = 50;
export const BRUSH_SIZE_DEFAULT_PX = 10;
/** [ and ] change the brush size by this much. */
export const BRUSH_SIZE_KEY_STEP_PX = 2;
export const BACKGROUND_OPACITY_MIN = 0.1;
export const BACKGROUND_OPACITY_MAX = 0.9;
export const BACKGROUND_OPACITY_DEFAULT = 0.5;
export const BACKGROUND_OPACITY_STEP = 0.1;
/** A layer shown behind the drawing is dimmed to this opacity. */
export const LAYER_BACKGROUND_OPACITY = 0.3;
/** The same layer background is not set again within this window. */
export const LAYER_BACKGROUND_REPEAT_MS = 1000;
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 5;
/** Wheel away from the user (deltaY > 0) multiplies the zoom by this. */
export const WHEEL_ZOOM_OUT_FACTOR = 0.9;
/** Wheel towards the user (deltaY < 0) multiplies the zoom by this. */
export const WHEEL_ZOOM_IN_FACTOR = 1.1;
/** Zoom in and zoom out buttons multiply or divide by this. */
export const BUTTON_ZOOM_FACTOR = 1.2;
export const PATH_STROKE_WIDTH_PX = 2;
/** A pen click this close (screen px) to the first point of a 3+ point path closes it. */
export const CLOSE_DISTANCE_PX = 20;
/** A pen drag longer than this (screen px) makes the new point smooth. */
export const SMOOTH_DRAG_THRESHOLD_PX = 4;
export const MIN_POINTS_TO_CLOSE = 3;
export const HANDLE_RADIUS_PX = 4;
export const HANDLE_COLOR = '#ff9f43';
export const HISTORY_LIMIT = 50;
export const MASK_COLOR = '#000000';
export const MASK_BACKGROUND_COLOR = '#ffffff';
/** PNG encoder quality passed to canvas.toBlob (spec: quality 1). */
export const PNG_QUALITY = 1;
