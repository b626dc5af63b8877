// Spec section 9 (timeline constants). Every constant carries its unit in its name.

/** Default timeline length. */
export const DEFAULT_TIMELINE_DURATION_MS = 30_000;
/** Shortest timeline the settings clamp allows. */
export const MIN_TIMELINE_DURATION_MS = 1_000;
/** Default frames per second of playback. */
export const DEFAULT_FPS = 30;
export const MIN_FPS = 1;
export const MAX_FPS = 60;
/** Default playback speed multiplier (1 = real time). */
export const DEFAULT_PLAYBACK_SPEED = 1;
export const MIN_PLAYBACK_SPEED = 0.1;
export const MAX_PLAYBACK_SPEED = 10;
/** Default timeline zoom factor. */
export const DEFAULT_ZOOM_LEVEL = 1;
export const MIN_ZOOM_LEVEL = 0.1;
export const MAX_ZOOM_LEVEL = 10;
/** Default length of a scene transition. */
export const DEFAULT_TRANSITION_DURATION_MS = 1_000;
/** Default length of a scene entry placed on the timeline. */
export const DEFAULT_TIMELINE_SCENE_DURATION_MS = 1_000;
/** Default colour of a new marker. */
export const DEFAULT_MARKER_COLOR = '#ff4444';
/** Name of the scene that holds the project's main state. */
export const PRIMARY_SCENE_NAME = 'Primary';
/** After a manual scene change, timeline-driven scene loading pauses this long. */
export const MANUAL_SCENE_OVERRIDE_MS = 2_000;
/** Timeline change notifications are debounced by this much. */
export const CHANGE_DEBOUNCE_MS = 100;
/** The loading flag clears this long after timeline data is loaded. */
export const LOADING_CLEAR_MS = 100;
/** One tick never advances time by more than this many frame durations (a stalled tab must not jump). */
export const MAX_FRAMES_PER_TICK = 2;
