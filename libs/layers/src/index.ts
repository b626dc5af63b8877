export { BLEND_MODES, FILTER_BLEND_FALLBACK, effectiveBlendMode, isBlendMode, normalizeBlendMode } from './blend';
export type { BlendMode } from './blend';
export {
  BATCH_FLUSH_MS, CURRENT_SCHEMA_VERSION, DEFAULT_CANVAS_BACKGROUND, DEFAULT_CANVAS_HEIGHT_PX, DEFAULT_CANVAS_WIDTH_PX,
  DEFAULT_LAYER_SIZE_PX, DEFAULT_PROJECT_NAME, DUPLICATE_OFFSET_PX, HISTORY_MAX_COMMANDS, NUDGE_PX, NUDGE_SHIFT_PX,
  PRIMARY_SCENE_NAME, PROJECT_FORMAT_VERSION, WARP_HANDLE_SIZE_DEFAULT_PX, WARP_HANDLE_SIZE_MAX_PX, WARP_HANDLE_SIZE_MIN_PX,
  capitalizeType, createDefaultProject, createLayer, defaultCanvas, defaultContentAndProperties, defaultEditorSettings,
  defaultLayerName, defaultLayerWarp, defaultMetadata, defaultTimeline, defaultWarpPoints, rectCorners,
} from './defaults';
export type { CreateLayerOptions, CreateProjectOptions } from './defaults';
export { FILE_OPERATION_BUSY, INVALID_PROJECT_JSON, NO_PROJECT_JSON_IN_ZIP, ProjectImportError } from './errors';
export { CANVAS_LAYER_TYPES, DOM_LAYER_TYPES, isDomLayerType, isMaskType, layerGroup, layerLogKind } from './groups';
export {
  PROJECT_ID_RANDOM_BITS, createAssetId, createEntityId, createLayerId, createLocalProjectId, createProjectId,
  createSceneId, defaultRandomBytes, isProjectId,
} from './ids';
export type { AssetId, LayerId, ProjectId, RandomBytes, SceneId } from './ids';
export { cloneJson, copyPlain, isRecord, sameJson } from './json';
export { CODE_KEYS, DATA_URL_KEYS, DEFAULT_DOCUMENT_LIMITS, WHOLE_STRING_KEYS, checkDocumentLimits, jsonNestingDepth } from './limits';
export type { DocumentLimits, LimitViolation } from './limits';
export type { Brand, JsonValue } from './json';
export { MASK_DEFAULT_DISC_RADIUS_PX, MASK_DEFAULT_IMAGE_SIZE_PX, maskDefaultImageDataUrl } from './mask-image';
export { migrateProject } from './migrate';
export { publicMetadata, publicProjectDoc } from './public-project';
export type { MigrationResult } from './migrate';
export { readCanvas, readLayer, readLayers, readTimeline } from './read-project';
export {
  MARKER_DEFAULT_COLOR, TIMELINE_DEFAULT_DURATION_MS, TIMELINE_DEFAULT_FPS, TIMELINE_SCENE_DEFAULT_DURATION_MS,
  TRANSITION_DEFAULT_DURATION_MS,
} from './timeline-types';
export type {
  EasingName, Keyframe, KeyframeId, Marker, MarkerId, SceneReference, SceneTransition, TimelineJson, TimelineSceneEntry,
  TimelineSceneId, TransitionAnimation, TransitionId,
} from './timeline-types';
export { LAYER_TYPES } from './types';
export type {
  Asset, BackupRecord, CanvasSettings, DomMaskLayer, EditorSettings, FitMode, GiphyLayer, HistoryEntryJson, HistoryJson,
  HtmlLayer, ImageLayer, Layer, LayerBase, LayerOf, LayerType, LayerWarp, MaskLayer, P5Layer, Point, ProjectJson,
  ProjectMetadata, RtmpLayer, Scene, SceneMetadata, ShaderLayer, StashedProjectState, UrlLayer, VideoLayer,
} from './types';
export {
  MSG_INVALID_CANVAS, MSG_LAYERS_NOT_ARRAY, MSG_MISSING_ID, MSG_MISSING_VERSION, msgLayerMissingProperties, validateProject,
} from './validate';
export type { ValidationResult } from './validate';
export { listToMap, mapToList, orderedLayers, orderedScenes, sortByOrder, toDoc, toJson } from './doc';
export type { DocLayer, DocScene, ExportCopies, Ordered, ProjectDoc, TimelineDoc } from './doc';
export { createJsonExporter } from './json-exporter';
export type { JsonExporter } from './json-exporter';
export {
  PLAYBACK_SPEED_MAX, PLAYBACK_SPEED_MIN, TIMELINE_FPS_MAX, TIMELINE_FPS_MIN, TIMELINE_MIN_DURATION_MS, applyDocWrites,
  layerRectCorners, legalOrder, maskTypeAt, normalizeDoc, normalizeTimeline, planNormalize, withOperationNormalizeDeferred,
} from './normalize';
export type { DocWrite } from './normalize';
export { compareOrdered, evenKeys, isOrderKey, keyBetween } from './order-key';
export { assignDeep, mergePatch, writeEntry } from './assign';
export { CommandHistory } from './history';
export type { Command } from './history';
export { MSG_INVALID_CANVAS_SIZE, MSG_LAYER_NOT_FOUND, MSG_SCENE_NOT_FOUND, MSG_WARP_POINTS_COUNT, silentLogger } from './logger';
export type { Logger } from './logger';
export { recordCommand } from './recorded-command';
export type { CommandScope, RecordedCommand } from './recorded-command';
export { createBatchedUpdater } from './ops/batched-updates';
export type { BatchedUpdater } from './ops/batched-updates';
export type { Clock, TimerHandle } from '@beamstage/timeline';
export { centroid, scaleRotatePoints, scaleRotatePointsAbout, translatePoints } from './ops/geometry';
export {
  addLayerCommand, duplicateLayerCommand, moveLayerCommand, nudgeLayerCommand, projectWarpPointsCommand, removeLayerCommand,
  toggleWarpCommand, updateCanvasCommand, updateLayerCommand, updateLayersCommand, warpPointsCommand,
} from './ops/layer-commands';
export {
  addLayer, clampWarpHandleSize, constrainMoveIndex, duplicateLayer, insertionIndex, moveLayer, nudgeDelta, nudgeLayer,
  removeLayer, setLayerWarpPoints, setProjectWarpPoints, toggleWarp, updateCanvas, updateLayer,
} from './ops/layer-ops';
export type { AddLayerResult, LayerPatch, NudgeDirection, OpContext } from './ops/layer-ops';
export { buildProjectDoc, buildProjectJson, seededRandomBytes } from './testing';
export { checkInvariants } from './invariants';
export {
  clearScenesCommand, createSceneCommand, deleteSceneCommand, duplicateSceneCommand, importScenesCommand, reorderSceneCommand,
  switchSceneCommand, updateSceneCommand,
} from './scenes/scene-commands';
export {
  applySceneState, captureScene, clearScenes, createScene, deleteScene, duplicateScene, enterPreview, exitPreview,
  findPrimaryScene, importScenes, nextSceneName, reorderScene, sceneCanvas, switchScene, updatePrimaryScene, updateScene,
} from './scenes/scene-ops';
export type { PreviewState, PrimaryUpdateContext, ScenePatch } from './scenes/scene-ops';
export { exportBaseName, exportProjectJson, exportProjectZip } from './io/export-project';
export type { AssetFileForExport, ExportedFile } from './io/export-project';
export { FileOperationBusyError, createFileOperationGate } from './io/file-gate';
export type { FileOperationGate } from './io/file-gate';
export { importProjectJson, importProjectZip } from './io/import-project';
export type { ImportOptions, ImportResult, ImportedAssetFile, ZipImportResult } from './io/import-project';
export { MAX_PROJECT_JSON_CHARS, parseJsonSafe } from './io/safe-json';
export { DEFAULT_ZIP_LIMITS, badEntryName } from './io/zip-guard';
export type { ZipLimits } from './io/zip-guard';
export { MSG_BACKUP_NEEDS_PROJECT_ID, addAsset, createBackupRecord, removeAsset, restoreBackupData } from './assets-backup';
