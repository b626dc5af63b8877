// The mask model entry point: pure, runs in Node, never imports React or the modal.
export {
  BACKGROUND_OPACITY_DEFAULT,
  BACKGROUND_OPACITY_MAX,
  BACKGROUND_OPACITY_MIN,
  BACKGROUND_OPACITY_STEP,
  BRUSH_SIZE_DEFAULT_PX,
  BRUSH_SIZE_KEY_STEP_PX,
  BRUSH_SIZE_MAX_PX,
  BRUSH_SIZE_MIN_PX,
  BUTTON_ZOOM_FACTOR,
  CLOSE_DISTANCE_PX,
  HANDLE_COLOR,
  HANDLE_RADIUS_PX,
  HISTORY_LIMIT,
  LAYER_BACKGROUND_OPACITY,
  LAYER_BACKGROUND_REPEAT_MS,
  MASK_BACKGROUND_COLOR,
  MASK_CANVAS_SIZE_PX,
  MASK_COLOR,
  MIN_POINTS_TO_CLOSE,
  PATH_STROKE_WIDTH_PX,
  PNG_QUALITY,
  SMOOTH_DRAG_THRESHOLD_PX,
  WHEEL_ZOOM_IN_FACTOR,
  WHEEL_ZOOM_OUT_FACTOR,
  ZOOM_MAX,
  ZOOM_MIN,
} from './core/constants';
export type {
  BackgroundFitMode,
  BrushStroke,
  HandleOffset,
  MaskBackgroundImage,
  MaskGraphicsImage,
  MaskItem,
  MaskPath,
  MaskPathId,
  MaskPoint,
  MaskPointId,
  MaskTool,
  Rect,
  StrokePoint,
} from './core/types';
export { BACKGROUND_FIT_MODES } from './core/types';
export type { MaskCommand, MaskCommandType, MaskHistory } from './core/history';
export { applyCommand, canRedo, canUndo, emptyHistory, pushCommand, rebuildItems, redo, undo } from './core/history';
export { distance, flattenPath, itemsBounds, pathData, strokeData } from './core/geometry';
export type { ViewTransform } from './core/view';
export { IDENTITY_VIEW, clamp, drawingToScreen, screenToDrawing, zoomAround } from './core/view';
export type { MaskModelOptions, MaskPointerInput, MaskState } from './core/model';
export { MaskModel } from './core/model';
export type { MaskKeyInput, MaskKeyResult, MaskShortcut } from './core/keys';
export { MASK_SHORTCUTS, handleMaskKey } from './core/keys';
export { requestClearAll } from './core/clear-all';
export type { LayerBackgroundDecision, LayerBackgroundMemo, MaskEditorLayer } from './core/background';
export { decideLayerBackground, fitRect, layerBackgroundMemo } from './core/background';
export type { MaskInstruction, SerializedMask } from './core/serialize';
export { deserializeMask, serializeMask } from './core/serialize';
export type { MaskPaintOp, MaskRenderInstructions, MaskRenderOptions } from './core/render-instructions';
export { itemOps, maskRenderInstructions, pathOps } from './core/render-instructions';
export type { MaskSvgOptions } from './core/export-svg';
export { exportMaskSvg } from './core/export-svg';
export type { VectorMask, VectorMaskShape } from './core/vector-mask';
export { toVectorMask } from './core/vector-mask';
export type { MaskFormat, MaskUploadBody, MaskUploadTarget, MasksClient, SaveMaskInput, SavedMaskAsset } from './core/save';
export { MASK_TOASTS, maskFileName, saveMask } from './core/save';
export type { MaskDriverOptions } from './core/driver';
export { MaskDriver } from './core/driver';
