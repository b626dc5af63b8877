// Timeline entity types of spec section 3, held here until @beamstage/timeline exports them;
// then this file becomes re-exports so every importer keeps its names.
import type { Brand, JsonValue } from './json';

export type KeyframeId = Brand<string, 'KeyframeId'>;
export type MarkerId = Brand<string, 'MarkerId'>;
export type TimelineSceneId = Brand<string, 'TimelineSceneId'>;
export type TransitionId = Brand<string, 'TransitionId'>;

/** A keyframe on one layer property. */
export interface Keyframe {
  id: KeyframeId;
  layerId: string;
  property: string;
  time: number;
  value: JsonValue;
  easing: string;
  sceneReference?: { type: 'scene-property'; sceneId: string };
  timestamp?: number;
}

/** A scene placed on the timeline. */
export interface TimelineSceneEntry {
  id: TimelineSceneId;
  sceneId: string;
  startTime: number;
  duration: number;
  /** ISO string in old files, wall-clock ms from @beamstage/timeline's builders: both are kept as given. */
  metadata: { created: string | number; modified: string | number };
  /** The scene's display name, when the editor copied it onto the entry. */
  name?: string;
}

/** One animated property inside a transition. */
export interface TransitionAnimation {
  layerId: string;
  propertyName: string;
  from: JsonValue;
  to: JsonValue;
  fromSceneId?: string;
  toSceneId?: string;
}

/** A transition between scenes. */
export interface SceneTransition {
  id: TransitionId;
  startTime: number;
  duration: number;
  easing: string;
  animations: TransitionAnimation[];
  animatedProperties: string[];
  timestamp?: number;
}

/** A named point in time. */
export interface Marker {
  id: MarkerId;
  name: string;
  time: number;
  color: string;
  /** ISO string or wall-clock ms, kept as given. */
  metadata: { created: string | number };
}

/** The project's timeline block in the exchange format. */
export interface TimelineJson {
  currentTime: number;
  duration: number;
  fps: number;
  playbackSpeed: number;
  loop: boolean;
  playStartTime: number;
  playEndTime: number;
  timelineScenes: TimelineSceneEntry[];
  markers: Marker[];
  keyframes: Keyframe[];
  sceneTransitions: SceneTransition[];
}

export const TIMELINE_DEFAULT_DURATION_MS = 30000;
export const TIMELINE_DEFAULT_FPS = 30;
export const TRANSITION_DEFAULT_DURATION_MS = 1000;
export const TIMELINE_SCENE_DEFAULT_DURATION_MS = 1000;
export const MARKER_DEFAULT_COLOR = '#ff4444';
