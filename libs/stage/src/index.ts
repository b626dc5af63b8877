export { layerGeometryItem, layerToRenderItem, projectToRenderDescription } from './describe';
export { scaleDescription } from './scale-description';
export type { LayerSources, StageProject } from './describe';
export { applyDragOverrides, documentDragValues } from './drag-overrides';
// libs/sync's constant, passed on: the editor loads libs/sync only with import() (lint forbids it a static path).
export { PROJECT_WARP_TARGET } from '@beamstage/sync';
// The live-follow loop has no runtime tie to libs/sync (types only), so the editor takes it here
// without pulling Automerge into its first chunk; @beamstage/stage/live wires it to a live document.
export { createLiveFollower, LOCAL_PREFERRED_MS } from './live-follower';
export type { LiveFollower, LiveFollowerOptions, LiveParts, OverrideSource } from './live-follower';
export { OUTPUT_REFERENCE_QUAD, outputFrame, outputHomography, warpLayerForOutput, withOutputWarp } from './output-warp';
export { browserClock } from './browser-clock';
export type { StageClock } from './clock';
export { createFrameCoalescer } from './frame-coalescer';
export type { FrameCoalescer } from './frame-coalescer';
export { browserFrameScheduler } from './frame-scheduler';
export type { FrameScheduler } from './frame-scheduler';
export { createStageView, REPEATED_LOSS_WINDOW_MS, SHADER_SUSPECT_WINDOW_MS } from './stage-view';
export type { Rgba, StageMediaSource, StageView, StageViewOptions } from './stage-view';
export { createLazyStageView } from './lazy-stage-view';
// createStageMedia is not re-exported: a static path to it would pull it into createLazyStageView's bundle.
export type { StageMedia, StageMediaDeps } from './stage-media';
export { needsStageMedia } from './media-types';
export { installStageTestHook } from './test-hook';
export type { StageTestHook } from './test-hook';
export { checkLayerUrl, isLocalDevelopmentPage } from './url-policy';
export type { UrlCheck, UrlPolicy } from './url-policy';
export { domBlendCss, domBlendFallsBack } from './dom-blend';
export { layerCorners, objectFit, scaleCorners } from './dom-placement';
export { FINISHED_ENTRY_TTL_MS, IMAGE_LOAD_TIMEOUT_MS, OTHER_LOAD_TIMEOUT_MS, LoadTracker, layerFailedMessage, layerTimeoutMessage } from './load-tracker';
export type { LayerIssue, LoadEntry, LoadStatus } from './load-tracker';
export {
  HTML_ACTIVITY_CHECK_MS,
  HTML_HIDE_SHARE,
  HTML_INACTIVE_MS,
  HTML_LAYER_MAX,
  HTML_LAYER_MAX_MB,
  HTML_LAYER_MIN_MB,
  HTML_MEMORY_WARNING_MB,
  HTML_PERIODIC_CHECK_MS,
  HTML_REMOVE_SHARE,
  HTML_STAGE_LAYERS,
  HTML_STAGE_MEMORY_MB,
  HtmlLayerManager,
  estimateHtmlLayerMb,
  htmlStageFor,
} from './html-layer-manager';
export type { HtmlLayerManagerOptions, HtmlLayerReport, HtmlStage } from './html-layer-manager';
export { SHADER_QUARANTINE_KEY, SHADER_QUARANTINE_MAX, ShaderQuarantine, shaderHash } from './shader-quarantine';
export type { QuarantineStorage } from './shader-quarantine';
export { OPAQUE_ORIGIN, SANDBOX_CODE_MAX_CHARS, SANDBOX_PROTOCOL_VERSION, isFromFrame, parseFrameMessage, runnerUrl } from './sandbox-protocol';
export type { FrameMessage, RunMessage, SandboxKind } from './sandbox-protocol';
export { SANDBOX_HEARTBEAT_TIMEOUT_MS, SANDBOX_READY_TIMEOUT_MS, SandboxFrame } from './sandbox-frame';
export type { SandboxFrameOptions } from './sandbox-frame';
export { applyMediaSettings, mediaErrorDetail } from './media-element';
export type { MediaSettings } from './media-element';
export { projectAtTime } from './project-at-time';
export type { ShownState } from './project-at-time';
export { createTimelineShow } from './timeline-show';
export type { TimelineShow } from './timeline-show';
export { blendStates } from './scene-cue';
export { CLOCK_SAMPLES, measureServerClockOffset, resourceTiming } from './server-clock';
export type { RequestTiming } from './server-clock';
