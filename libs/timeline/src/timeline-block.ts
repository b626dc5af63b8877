// The project file keeps its timeline as one flat block (spec section 3, Project: timeline);
// the engine works on TimelineData (settings + lists). These convert between the two.
import type { Keyframe } from './keyframe';
import type { Marker } from './marker';
import { createDefaultTimelineSettings, type TimelineSettings } from './settings';
import type { TimelineData } from './timeline-data';
import type { TimelineScene } from './timeline-scene';
import type { Transition } from './transition';

/** The project's `timeline` block in the exchange format. */
export interface TimelineBlock {
  currentTime: number;
  duration: number;
  fps: number;
  playbackSpeed: number;
  loop: boolean;
  playStartTime: number;
  playEndTime: number;
  timelineScenes: TimelineScene[];
  markers: Marker[];
  keyframes: Keyframe[];
  sceneTransitions: Transition[];
}

/** Session-only settings that the project block does not carry (kept locally by the editor). */
export type TimelineSessionSettings = Pick<TimelineSettings, 'autoplay' | 'autoLoop' | 'zoomLevel' | 'scrollPosition'>;

/** TimelineData from a (possibly partial, older) project block plus session settings; missing values take the defaults. */
export function timelineDataFromBlock(block: Partial<TimelineBlock>, session: Partial<TimelineSessionSettings> = {}): TimelineData {
  const d = createDefaultTimelineSettings();
  const pick = <K extends keyof TimelineSettings>(key: K, from: Partial<Record<K, unknown>>): TimelineSettings[K] =>
    (typeof from[key] === typeof d[key] ? from[key] : d[key]) as TimelineSettings[K];
  const b = block as Partial<Record<keyof TimelineSettings, unknown>>;
  const s = session as Partial<Record<keyof TimelineSettings, unknown>>;
  return {
    settings: {
      duration: pick('duration', b),
      fps: pick('fps', b),
      currentTime: pick('currentTime', b),
      playbackSpeed: pick('playbackSpeed', b),
      loop: pick('loop', b),
      playStartTime: pick('playStartTime', b),
      playEndTime: typeof block.playEndTime === 'number' ? block.playEndTime : pick('duration', b),
      autoplay: pick('autoplay', s),
      autoLoop: pick('autoLoop', s),
      zoomLevel: pick('zoomLevel', s),
      scrollPosition: pick('scrollPosition', s),
    },
    timelineScenes: Array.isArray(block.timelineScenes) ? block.timelineScenes : [],
    markers: Array.isArray(block.markers) ? block.markers : [],
    keyframes: Array.isArray(block.keyframes) ? block.keyframes : [],
    sceneTransitions: Array.isArray(block.sceneTransitions) ? block.sceneTransitions : [],
  };
}

/** The project block of TimelineData (session settings are left out). */
export function timelineBlockFromData(data: TimelineData): TimelineBlock {
  const s = data.settings;
  return {
    currentTime: s.currentTime,
    duration: s.duration,
    fps: s.fps,
    playbackSpeed: s.playbackSpeed,
    loop: s.loop,
    playStartTime: s.playStartTime,
    playEndTime: s.playEndTime,
    timelineScenes: data.timelineScenes,
    markers: data.markers,
    keyframes: data.keyframes,
    sceneTransitions: data.sceneTransitions,
  };
}
