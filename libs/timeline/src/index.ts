export { createManualClock, createSystemClock } from './clock';
export type { Clock, ManualClock, TimerHandle } from './clock';
export {
  CHANGE_DEBOUNCE_MS,
  DEFAULT_FPS,
  DEFAULT_MARKER_COLOR,
  DEFAULT_PLAYBACK_SPEED,
  DEFAULT_TIMELINE_DURATION_MS,
  DEFAULT_TIMELINE_SCENE_DURATION_MS,
  DEFAULT_TRANSITION_DURATION_MS,
  DEFAULT_ZOOM_LEVEL,
  LOADING_CLEAR_MS,
  MANUAL_SCENE_OVERRIDE_MS,
  MAX_FPS,
  MAX_FRAMES_PER_TICK,
  MAX_PLAYBACK_SPEED,
  MAX_ZOOM_LEVEL,
  MIN_FPS,
  MIN_PLAYBACK_SPEED,
  MIN_TIMELINE_DURATION_MS,
  MIN_ZOOM_LEVEL,
  PRIMARY_SCENE_NAME,
} from './constants';
export { DEFAULT_EASING, EASING_FUNCTIONS, EASING_NAMES, applyEasing, applyEasingCode, isEasingName } from './easing';
export type { EasingFunction, EasingName } from './easing';
export { ANIMATABLE_PROPERTIES, createKeyframe, isAnimatableProperty } from './keyframe';
export type { AnimatableProperty, Keyframe, SceneReference } from './keyframe';
export { createMarker } from './marker';
export type { Marker } from './marker';
export { createTransition, isTransitionActive } from './transition';
export type { SceneTransition, Transition, TransitionAnimation } from './transition';
export { createTimelineScene, placeTimelineScene, placeTimelineSceneStart, timelineSceneEnd } from './timeline-scene';
export type { TimelineScene, TimelineSceneEntry } from './timeline-scene';
export {
  clampCurrentTime,
  clampDuration,
  clampFps,
  clampNumber,
  clampPlayEnd,
  clampPlayStart,
  clampPlaybackSpeed,
  clampScrollPosition,
  clampTimelineSettings,
  clampZoomLevel,
  createDefaultTimelineSettings,
} from './settings';
export type { TimelineSettings } from './settings';
export { contentDuration, createEmptyTimelineData } from './timeline-data';
export type { TimelineData } from './timeline-data';
export { SWITCH_PROGRESS, interpolateValue, lerpNumber } from './interpolate';
export { SILENT_LOGGER } from './logger';
export type { TimelineLogger } from './logger';
export { KeyframeTrack } from './track';
export { TimelineEvaluator } from './evaluator';
export type { FrameValues } from './evaluator';
export { activeTransitionAt, evaluateTransitions } from './transition';
export type { TransitionValue } from './transition';
export { SceneSchedule } from './scene-schedule';
export { applyAnimatedProperty, applyAnimatedValues } from './apply-to-layer';
export type { AnimatableLayerFields, WarpPoint } from './apply-to-layer';
export { PlaybackEngine, createPlaybackEngine } from './playback-engine';
export type { PlaybackEngineOptions, PlaybackHooks, PlaybackState } from './playback-engine';
export { timelineBlockFromData, timelineDataFromBlock } from './timeline-block';
export type { TimelineBlock, TimelineSessionSettings } from './timeline-block';
export { TRANSPORT_MESSAGE, readTransport, readTransportMessage, transportTimeAt } from './transport';
export type { TransportBounds, TransportState } from './transport';
export { CUE_MESSAGE, MAX_CUE_DURATION_MS, cueActive, cueProgress, readCueMessage } from './cue';
export type { SceneCue } from './cue';
export { estimateClockOffset } from './clock-offset';
export type { ClockSample } from './clock-offset';
