// Timeline entity types of spec section 3 as the exchange format holds them. The entities are
// @beamstage/timeline's; this file only adapts them to the project file, which is hostile input
// and must stay JSON (Automerge):
// - ids are branded here;
// - keyframe and transition-animation values are JsonValue (timeline: unknown);
// - easing is any string: a file may name a curve this version does not know. The timeline
//   narrows it where it evaluates (KeyframeTrack and applyEasing fall back to smooth);
// - transition animations may lack their scene ids and transitions their timestamp (old files);
// - a timeline scene entry never carries the attached `scene` object (not JSON).
// Metadata times (ISO string in old files, wall-clock ms from the timeline's builders) are the
// timeline's own `number | string`. Everything else is the timeline's type as it is.
import type {
  Keyframe as TimelineKeyframe,
  Marker as TimelineMarker,
  TimelineBlock,
  TimelineScene,
  Transition,
  TransitionAnimation as TimelineTransitionAnimation,
} from '@beamstage/timeline';
import type { Brand, JsonValue } from './json';

export type { EasingName, SceneReference } from '@beamstage/timeline';
export {
  DEFAULT_MARKER_COLOR as MARKER_DEFAULT_COLOR,
  DEFAULT_FPS as TIMELINE_DEFAULT_FPS,
  DEFAULT_TIMELINE_DURATION_MS as TIMELINE_DEFAULT_DURATION_MS,
  DEFAULT_TIMELINE_SCENE_DURATION_MS as TIMELINE_SCENE_DEFAULT_DURATION_MS,
  DEFAULT_TRANSITION_DURATION_MS as TRANSITION_DEFAULT_DURATION_MS,
} from '@beamstage/timeline';

export type KeyframeId = Brand<string, 'KeyframeId'>;
export type MarkerId = Brand<string, 'MarkerId'>;
export type TimelineSceneId = Brand<string, 'TimelineSceneId'>;
export type TransitionId = Brand<string, 'TransitionId'>;

/** A keyframe on one layer property: the timeline's Keyframe with a JSON value and easing as read from the file. */
export interface Keyframe extends Omit<TimelineKeyframe, 'id' | 'value' | 'easing'> {
  id: KeyframeId;
  value: JsonValue;
  /** An EasingName from this version's builders; any string from a file, kept as given. */
  easing: string;
}

/** A scene placed on the timeline: the timeline's TimelineScene without the attached scene object. */
export interface TimelineSceneEntry extends Omit<TimelineScene, 'id' | 'scene'> {
  id: TimelineSceneId;
}

/** One animated property inside a transition: JSON values, scene ids optional (old files lack them). */
export interface TransitionAnimation extends Omit<TimelineTransitionAnimation, 'from' | 'to' | 'fromSceneId' | 'toSceneId'> {
  from: JsonValue;
  to: JsonValue;
  fromSceneId?: string;
  toSceneId?: string;
}

/** A transition between scenes: the timeline's Transition with easing as read and an optional timestamp. */
export interface SceneTransition extends Omit<Transition, 'id' | 'easing' | 'animations' | 'timestamp'> {
  id: TransitionId;
  /** An EasingName from this version's builders; any string from a file, kept as given. */
  easing: string;
  animations: TransitionAnimation[];
  timestamp?: number;
}

/** A named point in time: the timeline's Marker with a branded id. */
export interface Marker extends Omit<TimelineMarker, 'id'> {
  id: MarkerId;
}

/** The project's timeline block in the exchange format: the timeline's TimelineBlock over the entities above. */
export interface TimelineJson extends Omit<TimelineBlock, 'timelineScenes' | 'markers' | 'keyframes' | 'sceneTransitions'> {
  /** Projectors with no editor connected play the show by themselves (spec section 3 timeline settings). */
  autoplay?: boolean;
  /** Such a projector loops the play region. */
  autoLoop?: boolean;
  timelineScenes: TimelineSceneEntry[];
  markers: Marker[];
  keyframes: Keyframe[];
  sceneTransitions: SceneTransition[];
}
