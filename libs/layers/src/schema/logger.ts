/** Where operations report what the spec says is "logged" (invalid canvas size, bad warp points...). */
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
}

/** A logger that drops everything; apps pass their logging module. */
export const silentLogger: Logger = { error: () => {}, warn: () => {} };

export const MSG_INVALID_CANVAS_SIZE = 'Canvas width and height must be positive';
export const MSG_WARP_POINTS_COUNT = 'Warp points must be exactly 4';
export const MSG_LAYER_NOT_FOUND = 'Layer not found';
export const MSG_SCENE_NOT_FOUND = 'Scene not found';
