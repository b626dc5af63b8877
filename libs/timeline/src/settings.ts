import {
  DEFAULT_FPS,
  DEFAULT_PLAYBACK_SPEED,
  DEFAULT_TIMELINE_DURATION_MS,
  DEFAULT_ZOOM_LEVEL,
  MAX_FPS,
  MAX_PLAYBACK_SPEED,
  MAX_ZOOM_LEVEL,
  MIN_FPS,
  MIN_PLAYBACK_SPEED,
  MIN_TIMELINE_DURATION_MS,
  MIN_ZOOM_LEVEL,
} from './constants';

/** Timeline settings (spec section 3). Times are milliseconds. */
export interface TimelineSettings {
  duration: number;
  fps: number;
  currentTime: number;
  playbackSpeed: number;
  loop: boolean;
  playStartTime: number;
  playEndTime: number;
  autoplay: boolean;
  autoLoop: boolean;
  zoomLevel: number;
  scrollPosition: number;
}

/** The spec's defaults: 30000 ms, 30 fps, speed 1, loop off, play region = whole timeline. */
export function createDefaultTimelineSettings(): TimelineSettings {
  return {
    duration: DEFAULT_TIMELINE_DURATION_MS,
    fps: DEFAULT_FPS,
    currentTime: 0,
    playbackSpeed: DEFAULT_PLAYBACK_SPEED,
    loop: false,
    playStartTime: 0,
    playEndTime: DEFAULT_TIMELINE_DURATION_MS,
    autoplay: false,
    autoLoop: false,
    zoomLevel: DEFAULT_ZOOM_LEVEL,
    scrollPosition: 0,
  };
}

/** Clamps value into [min, max]; NaN becomes min. */
export function clampNumber(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return value < min ? min : value > max ? max : value;
}

/** Duration is at least 1000 ms. */
export function clampDuration(duration: number): number {
  return clampNumber(duration, MIN_TIMELINE_DURATION_MS, Number.MAX_SAFE_INTEGER);
}

/** fps is clamped to 1..60. */
export function clampFps(fps: number): number {
  return clampNumber(fps, MIN_FPS, MAX_FPS);
}

/** Playback speed is clamped to 0.1..10. */
export function clampPlaybackSpeed(speed: number): number {
  return clampNumber(speed, MIN_PLAYBACK_SPEED, MAX_PLAYBACK_SPEED);
}

/** Zoom is clamped to 0.1..10. */
export function clampZoomLevel(zoom: number): number {
  return clampNumber(zoom, MIN_ZOOM_LEVEL, MAX_ZOOM_LEVEL);
}

/** Scroll position is at least 0. */
export function clampScrollPosition(scroll: number): number {
  return clampNumber(scroll, 0, Number.MAX_SAFE_INTEGER);
}

/** Play start is clamped between 0 and the play end. */
export function clampPlayStart(playStart: number, playEnd: number): number {
  return clampNumber(playStart, 0, Math.max(0, playEnd));
}

/** Play end is clamped between the play start and the duration. */
export function clampPlayEnd(playEnd: number, playStart: number, duration: number): number {
  return clampNumber(playEnd, Math.min(Math.max(0, playStart), duration), duration);
}

/** Current time is clamped between 0 and the content duration. */
export function clampCurrentTime(time: number, contentDuration: number): number {
  return clampNumber(time, 0, Math.max(0, contentDuration));
}

/**
 * Every clamp of spec section 5 at once, so the result satisfies all of them together
 * (and clamping again changes nothing). Duration first, then the play region inside it,
 * then the current time inside the content duration (the duration when not given).
 */
export function clampTimelineSettings(settings: TimelineSettings, contentDuration?: number): TimelineSettings {
  const duration = clampDuration(settings.duration);
  const playEndTime = clampNumber(settings.playEndTime, 0, duration);
  const playStartTime = clampPlayStart(settings.playStartTime, playEndTime);
  const content = Math.min(duration, contentDuration ?? duration);
  return {
    ...settings,
    duration,
    fps: clampFps(settings.fps),
    playbackSpeed: clampPlaybackSpeed(settings.playbackSpeed),
    zoomLevel: clampZoomLevel(settings.zoomLevel),
    scrollPosition: clampScrollPosition(settings.scrollPosition),
    playStartTime,
    playEndTime,
    currentTime: clampCurrentTime(settings.currentTime, content),
    loop: settings.loop === true,
    autoplay: settings.autoplay === true,
    autoLoop: settings.autoLoop === true,
  };
}
