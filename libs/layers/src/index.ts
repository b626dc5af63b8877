// The public API of libs/layers: the project model as its users (editor, stage, sync, api) need it.
// Test builders are in @beamstage/layers/testing; helpers the parts share among themselves stay unexported.
export { BLEND_MODES, FILTER_BLEND_FALLBACK, effectiveBlendMode, isBlendMode, normalizeBlendMode } from './schema/blend';
export type { BlendMode } from './schema/blend';
export {
  BATCH_FLUSH_MS,
  CURRENT_SCHEMA_VERSION,
  DEFAULT_CANVAS_BACKGROUND,
  DEFAULT_CANVAS_HEIGHT_PX,
  DEFAULT_CANVAS_WIDTH_PX,
  DEFAULT_LAYER_SIZE_PX,
  DEFAULT_PROJECT_NAME,
  DUPLICATE_OFFSET_PX,
  HISTORY_MAX_COMMANDS,
  NUDGE_PX,
  NUDGE_SHIFT_PX,
  PRIMARY_SCENE_NAME,
  PROJECT_FORMAT_VERSION,
  WARP_HANDLE_SIZE_DEFAULT_PX,
  WARP_HANDLE_SIZE_MAX_PX,
  WARP_HANDLE_SIZE_MIN_PX,
  capitalizeType,
  createDefaultProject,
  createLayer,
  defaultCanvas,
  defaultContentAndProperties,
  defaultEditorSettings,
  defaultLayerName,
  defaultLayerWarp,
  defaultMetadata,
  defaultTimeline,
  defaultWarpPoints,
  rectCorners,
} from './schema/defaults';
export type { CreateLayerOptions, CreateProjectOptions } from './schema/defaults';
export { FILE_OPERATION_BUSY, INVALID_PROJECT_JSON, NO_PROJECT_JSON_IN_ZIP, ProjectImportError } from './schema/errors';
export { CANVAS_LAYER_TYPES, DOM_LAYER_TYPES, isDomLayerType, isMaskType, layerGroup, layerLogKind } from './schema/groups';
export {
  PROJECT_ID_RANDOM_BITS,
  createAssetId,
  createEntityId,
  createLayerId,
  createLocalProjectId,
  createProjectId,
  createSceneId,
  defaultRandomBytes,
  isProjectId,
} from './schema/ids';
export type { AssetId, LayerId, ProjectId, RandomBytes, SceneId } from './schema/ids';
export { cloneJson, copyPlain, isPlainRecord, isRecord, sameJson, textOf } from './schema/json';
export { CODE_KEYS, DATA_URL_KEYS, DEFAULT_DOCUMENT_LIMITS, WHOLE_STRING_KEYS, checkDocumentLimits, jsonNestingDepth } from './schema/limits';
export type { DocumentLimits, LimitViolation } from './schema/limits';
export type { Brand, JsonValue } from './schema/json';
export { MASK_DEFAULT_DISC_RADIUS_PX, MASK_DEFAULT_IMAGE_SIZE_PX, maskDefaultImageDataUrl } from './schema/mask-image';
export { migrateProject } from './schema/migrate';
export { publicMetadata, publicProjectDoc } from './io/public-project';
export type { MigrationResult } from './schema/migrate';
export { readCanvas } from './io/read-project';
export {
  MARKER_DEFAULT_COLOR,
  TIMELINE_DEFAULT_DURATION_MS,
  TIMELINE_DEFAULT_FPS,
  TIMELINE_SCENE_DEFAULT_DURATION_MS,
  TRANSITION_DEFAULT_DURATION_MS,
} from './schema/timeline-types';
export type {
  EasingName,
  Keyframe,
  KeyframeId,
  Marker,
  MarkerId,
  SceneReference,
  SceneTransition,
  TimelineJson,
  TimelineSceneEntry,
  TimelineSceneId,
  TransitionAnimation,
  TransitionId,
} from './schema/timeline-types';
export { LAYER_TYPES } from './schema/types';
export type {
  Asset,
  BackupRecord,
  CanvasSettings,
  DomMaskLayer,
  EditorSettings,
  FitMode,
  GiphyLayer,
  HistoryEntryJson,
  HistoryJson,
  HtmlLayer,
  ImageLayer,
  Layer,
  LayerBase,
  LayerOf,
  LayerType,
  LayerWarp,
  MaskLayer,
  P5Layer,
  Point,
  ProjectJson,
  ProjectMetadata,
  RtmpLayer,
  Scene,
  SceneMetadata,
  ShaderLayer,
  StashedProjectState,
  UrlLayer,
  VideoLayer,
} from './schema/types';
export { MSG_INVALID_CANVAS, MSG_LAYERS_NOT_ARRAY, MSG_MISSING_ID, MSG_MISSING_VERSION, msgLayerMissingProperties, validateProject } from './schema/validate';
export type { ValidationResult } from './schema/validate';
export { orderedLayers, orderedScenes, sortByOrder, toDoc, toJson } from './document/doc';
export type { DocLayer, DocScene, ProjectDoc, TimelineDoc } from './document/doc';
export { ENTITY_LISTS, ROOT_ENTITY_LISTS, TIMELINE_ENTITY_LISTS } from './document/entity-lists';
export type { EntityKind } from './document/entity-lists';
export { createJsonExporter } from './document/json-exporter';
export type { JsonExporter } from './document/json-exporter';
export {
  PLAYBACK_SPEED_MAX,
  PLAYBACK_SPEED_MIN,
  TIMELINE_FPS_MAX,
  TIMELINE_FPS_MIN,
  TIMELINE_MIN_DURATION_MS,
  applyDocWrites,
  layerRectCorners,
  normalizeDoc,
  normalizeTimeline,
  planNormalize,
  withOperationNormalizeDeferred,
} from './document/normalize';
export type { DocWrite } from './document/normalize';
export { keyBetween } from './document/order-key';
export { assignDeep } from './document/assign';
export { CommandHistory } from './commands/history';
export type { Command } from './commands/history';
export { MSG_INVALID_CANVAS_SIZE, MSG_LAYER_NOT_FOUND, MSG_SCENE_NOT_FOUND, MSG_WARP_POINTS_COUNT, silentLogger } from './schema/logger';
export type { Logger } from './schema/logger';
export { recordCommand } from './commands/recorded-command';
export type { CommandScope, RecordedCommand } from './commands/recorded-command';
export { createBatchedUpdater } from './commands/batched-updates';
export type { BatchedUpdater } from './commands/batched-updates';
export type { Clock, TimerHandle } from '@beamstage/timeline';
export { centroid, scaleRotatePoints, scaleRotatePointsAbout, translatePoints } from './commands/geometry';
export {
  addLayerCommand,
  duplicateLayerCommand,
  moveLayerCommand,
  nudgeLayerCommand,
  projectWarpPointsCommand,
  removeLayerCommand,
  toggleWarpCommand,
  updateCanvasCommand,
  updateLayerCommand,
  updateLayersCommand,
  warpPointsCommand,
} from './commands/layer-commands';
export {
  addLayer,
  clampWarpHandleSize,
  constrainMoveIndex,
  duplicateLayer,
  moveLayer,
  nudgeLayer,
  removeLayer,
  setLayerWarpPoints,
  setProjectWarpPoints,
  toggleWarp,
  updateCanvas,
  updateLayer,
} from './commands/layer-ops';
export type { AddLayerResult, LayerPatch, NudgeDirection, OpContext } from './commands/layer-ops';
export { checkInvariants } from './document/invariants';
export {
  clearScenesCommand,
  createSceneCommand,
  deleteSceneCommand,
  duplicateSceneCommand,
  importScenesCommand,
  reorderSceneCommand,
  switchSceneCommand,
  updateSceneCommand,
} from './scenes/scene-commands';
export {
  applySceneState,
  captureScene,
  clearScenes,
  createScene,
  deleteScene,
  duplicateScene,
  enterPreview,
  exitPreview,
  findPrimaryScene,
  importScenes,
  nextSceneName,
  reorderScene,
  sceneCanvas,
  switchScene,
  updatePrimaryScene,
  updateScene,
} from './scenes/scene-ops';
export type { PreviewState, PrimaryUpdateContext, ScenePatch } from './scenes/scene-ops';
export { exportBaseName, exportProjectJson, exportProjectZip } from './io/export-project';
export type { AssetFileForExport, ExportedFile } from './io/export-project';
export { FileOperationBusyError, createFileOperationGate } from './io/file-gate';
export type { FileOperationGate } from './io/file-gate';
export { importProjectJson, importProjectZip } from './io/import-project';
export type { ImportOptions, ImportResult, ImportedAssetFile, ZipImportResult } from './io/import-project';
export { MAX_PROJECT_JSON_CHARS, parseJsonSafe } from './io/safe-json';
export { DEFAULT_ZIP_LIMITS } from './io/zip-guard';
export type { ZipLimits } from './io/zip-guard';
export { MSG_BACKUP_NEEDS_PROJECT_ID, addAsset, createBackupRecord, removeAsset, restoreBackupData } from './commands/assets-backup';
