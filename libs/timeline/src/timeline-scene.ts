import { DEFAULT_TIMELINE_SCENE_DURATION_MS } from './constants';

/** A scene placed on the timeline: from startTime for duration ms, that scene is shown. */
export interface TimelineScene {
  id: string;
  /** The scene (spec section 3, Scene) this entry shows. */
  sceneId: string;
  /** Milliseconds from the start of the timeline. */
  startTime: number;
  /** Milliseconds; 1000 by default. */
  duration: number;
  /** Wall-clock ms from createTimelineScene; old files hold ISO strings, kept as given. */
  metadata: { created: number | string; modified: number | string };
  /** The scene's display name, when the editor copied it onto the entry. */
  name?: string;
  /** The scene object itself, when the caller attached it (spec: the playback engine also reads it). */
  scene?: unknown;
}

/** Builds a timeline scene entry; duration defaults to 1000 ms. */
export function createTimelineScene(input: {
  id: string;
  sceneId: string;
  startTime: number;
  duration?: number;
  created: number;
  name?: string;
  scene?: unknown;
}): TimelineScene {
  const entry: TimelineScene = {
    id: input.id,
    sceneId: input.sceneId,
    startTime: Math.max(0, input.startTime),
    duration: Math.max(0, input.duration ?? DEFAULT_TIMELINE_SCENE_DURATION_MS),
    metadata: { created: input.created, modified: input.created },
  };
  if (input.name !== undefined) entry.name = input.name;
  if (input.scene !== undefined) entry.scene = input.scene;
  return entry;
}

/** The exchange format's name for a timeline scene entry (the same type). */
export type TimelineSceneEntry = TimelineScene;

/** End time (exclusive) of an entry. */
export function timelineSceneEnd(entry: Pick<TimelineScene, 'startTime' | 'duration'>): number {
  return entry.startTime + entry.duration;
}

function overlaps(a: Pick<TimelineScene, 'startTime' | 'duration'>, start: number, duration: number): boolean {
  return start < timelineSceneEnd(a) && a.startTime < start + duration;
}

/**
 * The start time at which an entry of this duration can go without overlapping the others:
 * while it overlaps an entry, its start moves to that entry's end (spec section 5).
 * Entries with the same id as `ignoreId` (the one being moved) are not obstacles.
 */
export function placeTimelineSceneStart(
  others: readonly Pick<TimelineScene, 'id' | 'startTime' | 'duration'>[],
  wantedStart: number,
  duration: number,
  ignoreId?: string,
): number {
  const obstacles = others.filter((o) => o.id !== ignoreId && o.duration > 0).sort((a, b) => a.startTime - b.startTime);
  let start = Math.max(0, wantedStart);
  // Each move goes strictly forward past one obstacle, so this ends after at most obstacles.length moves.
  for (let moved = true; moved;) {
    moved = false;
    for (const o of obstacles) {
      if (overlaps(o, start, Math.max(duration, Number.MIN_VALUE))) {
        start = timelineSceneEnd(o);
        moved = true;
      }
    }
  }
  return start;
}

/** Returns the entry moved (if needed) so that it overlaps none of the others. */
export function placeTimelineScene<T extends TimelineScene>(others: readonly TimelineScene[], entry: T): T {
  const startTime = placeTimelineSceneStart(others, entry.startTime, entry.duration, entry.id);
  return startTime === entry.startTime ? entry : { ...entry, startTime };
}
