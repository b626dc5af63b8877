// Timeline entity operations on a document draft (keyframes, markers, settings, scene placements,
// transitions). project-edits.ts maps its timeline ProjectEdit kinds here; every clamp is
// libs/timeline's, so the editor, the projector and a file import agree on the limits.
import type { Keyframe, Marker, ProjectDoc, SceneTransition, TimelineSceneEntry } from '@beamstage/layers';
import { cloneJson, keyBetween, sortByOrder } from '@beamstage/layers';
import { clampDuration, clampFps, clampNumber, clampPlayEnd, clampPlayStart, clampPlaybackSpeed, placeTimelineSceneStart } from '@beamstage/timeline';

/** Settings a user changes from the transport. */
export interface TimelineSettingsPatch {
  duration?: number;
  fps?: number;
  playbackSpeed?: number;
  loop?: boolean;
  playStartTime?: number;
  playEndTime?: number;
  currentTime?: number;
  /** Projectors with no editor connected play by themselves (and loop with autoLoop). */
  autoplay?: boolean;
  autoLoop?: boolean;
}

/** Two keyframes of one layer and property closer than this are the same instant (half a 60 fps frame). */
export const SAME_INSTANT_MS = 1000 / 120;

const lastOrder = (map: Record<string, { order: string; id: string }>): string | null => sortByOrder(Object.values(map)).at(-1)?.order ?? null;

/** Adds a keyframe, or updates the value (and easing) of the one already at that instant. */
export function setKeyframe(doc: ProjectDoc, keyframe: Keyframe): string {
  const t = doc.timeline;
  const time = clampNumber(keyframe.time, 0, t.duration);
  const existing = Object.values(t.keyframes).find(
    (k) => k.layerId === keyframe.layerId && k.property === keyframe.property && Math.abs(k.time - time) < SAME_INSTANT_MS,
  );
  if (existing) {
    existing.value = cloneJson(keyframe.value);
    if (existing.easing !== keyframe.easing) existing.easing = keyframe.easing;
    return existing.id;
  }
  t.keyframes[keyframe.id] = { ...cloneJson(keyframe), time, order: keyBetween(lastOrder(t.keyframes), null) };
  return keyframe.id;
}

/** Moves keyframes by an offset (intent, so a replay on a newer document still moves them by it), each kept inside [0, duration]. */
export function moveKeyframes(doc: ProjectDoc, ids: readonly string[], dt: number): void {
  const t = doc.timeline;
  for (const id of ids) {
    const k = t.keyframes[id];
    if (!k) continue;
    // To the microsecond, as snapping rounds: 3733.333 + 33.334 is 3766.6670000000004 in floats.
    const time = clampNumber(Math.round((k.time + dt) * 1000) / 1000, 0, t.duration);
    if (time !== k.time) k.time = time;
  }
}

export function updateKeyframes(doc: ProjectDoc, ids: readonly string[], patch: { easing?: string; value?: Keyframe['value'] }): void {
  for (const id of ids) {
    const k = doc.timeline.keyframes[id];
    if (!k) continue;
    if (patch.easing !== undefined && k.easing !== patch.easing) k.easing = patch.easing;
    if (patch.value !== undefined) k.value = cloneJson(patch.value);
  }
}

export function deleteKeyframes(doc: ProjectDoc, ids: readonly string[]): void {
  for (const id of ids) delete doc.timeline.keyframes[id];
}

export function addMarker(doc: ProjectDoc, marker: Marker): void {
  const t = doc.timeline;
  t.markers[marker.id] = { ...cloneJson(marker), time: clampNumber(marker.time, 0, t.duration), order: keyBetween(lastOrder(t.markers), null) };
}

export function updateMarker(doc: ProjectDoc, id: string, patch: { name?: string; color?: string; time?: number }): void {
  const m = doc.timeline.markers[id];
  if (!m) return;
  if (patch.name !== undefined) m.name = patch.name.slice(0, 200);
  if (patch.color !== undefined && /^#[0-9a-fA-F]{6}$/.test(patch.color)) m.color = patch.color;
  if (patch.time !== undefined) m.time = clampNumber(patch.time, 0, doc.timeline.duration);
}

export function deleteMarker(doc: ProjectDoc, id: string): void {
  delete doc.timeline.markers[id];
}

/**
 * Settings with the spec's clamps (section 5): duration >= 1000 ms, fps 1..60, speed 0.1..10,
 * play start in [0, play end], play end in [play start, duration]. A shorter duration pulls the
 * play region and keyframes inside it (nothing is deleted).
 */
export function updateTimelineSettings(doc: ProjectDoc, patch: TimelineSettingsPatch): void {
  const t = doc.timeline;
  const set = <K extends keyof TimelineSettingsPatch>(key: K, value: NonNullable<TimelineSettingsPatch[K]>) => {
    if (t[key] !== value) (t as unknown as Record<string, unknown>)[key] = value;
  };
  if (patch.duration !== undefined) set('duration', clampDuration(patch.duration));
  if (patch.fps !== undefined) set('fps', Math.round(clampFps(patch.fps)));
  if (patch.playbackSpeed !== undefined) set('playbackSpeed', clampPlaybackSpeed(patch.playbackSpeed));
  if (patch.loop !== undefined) set('loop', patch.loop);
  if (patch.autoplay !== undefined && t.autoplay !== patch.autoplay) t.autoplay = patch.autoplay;
  if (patch.autoLoop !== undefined && t.autoLoop !== patch.autoLoop) t.autoLoop = patch.autoLoop;
  // The edge being moved is clamped against the other one (libs/timeline clampPlayStart/clampPlayEnd).
  let start = clampNumber(t.playStartTime, 0, t.duration);
  let end = clampPlayEnd(patch.playEndTime ?? t.playEndTime, start, t.duration);
  start = clampPlayStart(patch.playStartTime ?? start, end);
  end = clampPlayEnd(end, start, t.duration);
  set('playEndTime', end);
  set('playStartTime', start);
  if (patch.currentTime !== undefined) set('currentTime', clampNumber(patch.currentTime, 0, t.duration));
  else if (t.currentTime > t.duration) set('currentTime', t.duration);
  for (const k of Object.values(t.keyframes)) if (k.time > t.duration) k.time = t.duration;
}

/** Places a scene on the scene track; an overlap moves its start to the end of the overlapped entry (spec section 5). */
export function addPlacement(doc: ProjectDoc, entry: TimelineSceneEntry): number {
  const t = doc.timeline;
  const duration = Math.max(1, entry.duration);
  const startTime = placeTimelineSceneStart(Object.values(t.timelineScenes), entry.startTime, duration, entry.id);
  t.timelineScenes[entry.id] = { ...cloneJson(entry), startTime, duration, order: keyBetween(lastOrder(t.timelineScenes), null) };
  return startTime;
}

/** Moves or resizes a placement; it never overlaps another (the start moves past it). */
export function updatePlacement(doc: ProjectDoc, id: string, patch: { startTime?: number; duration?: number }, nowMs: number): void {
  const e = doc.timeline.timelineScenes[id];
  if (!e) return;
  const duration = Math.max(1, patch.duration ?? e.duration);
  const startTime = placeTimelineSceneStart(Object.values(doc.timeline.timelineScenes), patch.startTime ?? e.startTime, duration, id);
  if (e.startTime !== startTime) e.startTime = startTime;
  if (e.duration !== duration) e.duration = duration;
  e.metadata.modified = nowMs;
}

/** Removes a placement and the transitions that blend into or out of its scene at its edges. */
export function deletePlacement(doc: ProjectDoc, id: string): void {
  const e = doc.timeline.timelineScenes[id];
  if (!e) return;
  delete doc.timeline.timelineScenes[id];
  for (const tr of Object.values(doc.timeline.sceneTransitions)) {
    const touches = tr.startTime < e.startTime + e.duration && tr.startTime + tr.duration > e.startTime;
    if (touches) delete doc.timeline.sceneTransitions[tr.id];
  }
}

/** Removes every placement of a scene (the scene is being deleted). */
export function deletePlacementsOfScene(doc: ProjectDoc, sceneId: string): void {
  for (const e of Object.values(doc.timeline.timelineScenes)) if (e.sceneId === sceneId) deletePlacement(doc, e.id);
}

/** Adds a transition; its duration is kept inside the timeline. */
export function addTransition(doc: ProjectDoc, transition: SceneTransition): void {
  const t = doc.timeline;
  const startTime = clampNumber(transition.startTime, 0, t.duration);
  const duration = clampNumber(transition.duration, 0, t.duration - startTime);
  t.sceneTransitions[transition.id] = { ...cloneJson(transition), startTime, duration, order: keyBetween(lastOrder(t.sceneTransitions), null) };
}

export function updateTransition(doc: ProjectDoc, id: string, patch: { startTime?: number; duration?: number; easing?: string }): void {
  const tr = doc.timeline.sceneTransitions[id];
  if (!tr) return;
  const startTime = clampNumber(patch.startTime ?? tr.startTime, 0, doc.timeline.duration);
  const duration = clampNumber(patch.duration ?? tr.duration, 0, doc.timeline.duration - startTime);
  if (tr.startTime !== startTime) tr.startTime = startTime;
  if (tr.duration !== duration) tr.duration = duration;
  if (patch.easing !== undefined && tr.easing !== patch.easing) tr.easing = patch.easing;
}

export function deleteTransition(doc: ProjectDoc, id: string): void {
  delete doc.timeline.sceneTransitions[id];
}
