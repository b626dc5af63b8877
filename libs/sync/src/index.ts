export { toDoc, toJson, orderedLayers } from './document/convert';
export { normalizeDoc, countInvariantViolations, DOM_LAYER_TYPES, MASK_LAYER_TYPES, DEFAULT_WARP_POINTS, DEFAULT_DURATION_MS } from './document/normalize';
export { createProjectDoc, exportProjectJson, runOperation, normalizeOnRemoteChange } from './document/project-document';
export type { ProjectOperation } from './document/project-document';
export { DOC_SCHEMA_VERSION, ORDER_STEP } from './document/project-shape';
export type { ProjectDoc, ProjectJson, LayerJson, EntityJson, DocLayer, WarpPoint } from './document/project-shape';
