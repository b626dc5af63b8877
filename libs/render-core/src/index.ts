export { TEXTURE_MEMORY_CHECK_MS, createRenderer } from './renderer';
export type { Renderer, RendererOptions } from './renderer';
export type { Corners, CornersWarp, MaskRef, MeshWarp, PatternKind, Point, RenderDescription, RenderFilters, RenderItem, RenderSource, Warp } from './types';
export { BLEND_MODES, FILTER_BLEND_FALLBACK, GL_BLENDS, effectiveBlendMode, needsShaderCompositing, normalizeBlendMode } from './blend-modes';
export type { BlendMode } from './blend-modes';
export { applyHomography, invertMat3, isConvexQuad, multiplyMat3, quadToQuad, squareToQuad, transformedCorners } from './homography';
export type { Mat3 } from './homography';
export { MESH_SUBDIVISIONS_PER_CELL, createMeshPoints, evaluateMesh, tessellateMesh, validateMesh } from './mesh';
export type { MeshGeometry } from './mesh';
export { applyCornersStyle, cornersToMatrix3d } from './matrix3d';
export { itemCorners } from './geometry';
export { CONTEXT_ATTRIBUTES, acquireContext, createGl2Context, rendererString } from './context';
export type { AcquiredContext } from './context';
export { parseColor } from './color';
export type { Rgba } from './color';
export { applyColorTransform, filtersToColorTransform, hasActiveFilters } from './filters';
export type { ColorTransform } from './filters';
export type { FrameStats } from './frame-stats';
export {
  TEXTURE_CACHE_MAX_ENTRIES,
  TEXTURE_CACHE_NAVIGATION_MAX_ENTRIES,
  TEXTURE_LOAD_TIMEOUT_MS,
  TEXTURE_RETRY_DELAYS_MS,
  TEXTURE_UNREFERENCED_MAX_AGE_MS,
  TextureCache,
  textureTimeoutMessage,
} from './texture-cache';
export type { CacheEnv, LoadState, TextureCacheOptions } from './texture-cache';
export { RENDER_TARGET_POOL_MAX_PER_SIZE } from './render-targets';
export { MIPMAP_THRESHOLD_BYTES } from './gl-core';
export { COLOR_BARS, GRID_COLUMNS, drawPattern } from './patterns';
export {
  SHADER_LOOP_ITERATION_CAP,
  SHADER_SOURCE_MAX_CHARS,
  SHADER_TEXTURE_MAX_PX,
  declaredUniforms,
  injectLoopCaps,
  parseShaderLog,
  prepareUserShader,
} from './user-shader';
export type { PreparedShader, ShaderError } from './user-shader';
export {
  CLEANUP_INTERVAL_MS,
  FPS_CRITICAL,
  FPS_WARNING,
  PERF_FRAME_BUFFER,
  PRESSURE_EMERGENCY,
  PRESSURE_GENTLE,
  PRESSURE_SMART,
  PerformanceMonitor,
  cleanupTierFor,
  perfStatus,
} from './perf-monitor';
export type { CleanupTier, PerfStatus } from './perf-monitor';
