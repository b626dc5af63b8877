import type { Keyframe } from './keyframe';
import type { Marker } from './marker';
import { createDefaultTimelineSettings, type TimelineSettings } from './settings';
import { timelineSceneEnd, type TimelineScene } from './timeline-scene';
import type { Transition } from './transition';

/** Everything the timeline holds: its settings and its four entity lists. */
export interface TimelineData {
  settings: TimelineSettings;
  timelineScenes: TimelineScene[];
  markers: Marker[];
  keyframes: Keyframe[];
  sceneTransitions: Transition[];
}

/** An empty timeline with default settings. */
export function createEmptyTimelineData(): TimelineData {
  return { settings: createDefaultTimelineSettings(), timelineScenes: [], markers: [], keyframes: [], sceneTransitions: [] };
}

/**
 * Where the timeline's content ends: the latest scene-entry end, transition end or keyframe,
 * capped at the duration. An empty timeline's content is the whole duration, so a fresh
 * project still plays through its play region.
 */
export function contentDuration(data: Pick<TimelineData, 'settings' | 'timelineScenes' | 'keyframes' | 'sceneTransitions'>): number {
  let end = 0;
  for (const s of data.timelineScenes) end = Math.max(end, timelineSceneEnd(s));
  for (const t of data.sceneTransitions) end = Math.max(end, t.startTime + t.duration);
  for (const k of data.keyframes) end = Math.max(end, k.time);
  return end > 0 ? Math.min(end, data.settings.duration) : data.settings.duration;
}
