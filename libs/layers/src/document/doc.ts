// The merge-friendly document shape (design.md section 2) and lossless conversion with the
// exchange format: lists become maps keyed by id with a fractional order key on each entry.
import { CURRENT_SCHEMA_VERSION } from '../schema/defaults';
import type { ProjectId } from '../schema/ids';
import { cloneJson } from '../schema/json';
import { evenKeys } from './order-key';
import type { Keyframe, Marker, SceneTransition, TimelineSceneEntry } from '../schema/timeline-types';
import type { Asset, CanvasSettings, HistoryJson, Layer, Point, ProjectJson, ProjectMetadata, Scene } from '../schema/types';

/** An entity with its fractional order key. */
export type Ordered<T> = T & { order: string };
export type DocLayer = Ordered<Layer>;
export type DocScene = Ordered<Scene>;

export interface TimelineDoc {
  currentTime: number;
  duration: number;
  fps: number;
  playbackSpeed: number;
  loop: boolean;
  playStartTime: number;
  playEndTime: number;
  timelineScenes: Record<string, Ordered<TimelineSceneEntry>>;
  markers: Record<string, Ordered<Marker>>;
  keyframes: Record<string, Ordered<Keyframe>>;
  sceneTransitions: Record<string, Ordered<SceneTransition>>;
  /** Projectors with no editor connected play the show by themselves; absent in older documents. */
  autoplay?: boolean;
  autoLoop?: boolean;
}

/** The project as the Automerge document holds it. */
export interface ProjectDoc {
  version: '1.0';
  schemaVersion: number;
  id: ProjectId;
  metadata: ProjectMetadata;
  canvas: CanvasSettings;
  /** Project warp: 4 points, replaced as a whole value. */
  warpPoints: Point[];
  layers: Record<string, DocLayer>;
  assets: Record<string, Ordered<Asset>>;
  scenes: Record<string, DocScene>;
  timeline: TimelineDoc;
}

/** List to map with order keys; a repeated id keeps its first entry (ids are unique after import). */
export function listToMap<T extends { id: string }>(list: readonly T[]): Record<string, Ordered<T>> {
  const keys = evenKeys(list.length);
  const out: Record<string, Ordered<T>> = {};
  // One deep copy of the whole list is much cheaper than one per entry.
  const copies = cloneJson(list) as Ordered<T>[];
  copies.forEach((item, i) => {
    if (Object.prototype.hasOwnProperty.call(out, item.id)) return;
    item.order = keys[i]!;
    out[item.id] = item;
  });
  return out;
}

/** Map to list sorted by order key then id, without the order keys. Never sorts the input in place. */
export function mapToList<T extends { id: string }>(map: Record<string, Ordered<T>>): T[] {
  const entries = sortByOrder(cloneJson(Object.values(map)));
  // The entries are our own copies, so dropping the key in place is safe.
  for (const e of entries) delete (e as Partial<Ordered<T>>).order;
  return entries as unknown as T[];
}

/** The autoplay settings a timeline has (Automerge stores no undefined, so absent ones stay absent). */
function autoSettings(t: { autoplay?: boolean; autoLoop?: boolean }): { autoplay?: boolean; autoLoop?: boolean } {
  return { ...(typeof t.autoplay === 'boolean' ? { autoplay: t.autoplay } : {}), ...(typeof t.autoLoop === 'boolean' ? { autoLoop: t.autoLoop } : {}) };
}

/** Exchange format to document. History is not document state (design.md section 2) and is dropped. */
export function toDoc(json: ProjectJson): ProjectDoc {
  const t = json.timeline;
  return {
    version: '1.0',
    schemaVersion: json.schemaVersion ?? CURRENT_SCHEMA_VERSION,
    id: json.id,
    metadata: cloneJson(json.metadata),
    canvas: cloneJson(json.canvas),
    warpPoints: cloneJson(json.warpPoints),
    layers: listToMap(json.layers),
    assets: listToMap(json.assets),
    scenes: listToMap(json.scenes),
    timeline: {
      currentTime: t.currentTime,
      duration: t.duration,
      fps: t.fps,
      playbackSpeed: t.playbackSpeed,
      loop: t.loop,
      playStartTime: t.playStartTime,
      playEndTime: t.playEndTime,
      timelineScenes: listToMap(t.timelineScenes),
      markers: listToMap(t.markers),
      keyframes: listToMap(t.keyframes),
      sceneTransitions: listToMap(t.sceneTransitions),
      ...autoSettings(t),
    },
  };
}

/** How an export copies the document's parts: keyed maps into lists, and plain values. */
export interface ExportCopies {
  list<T extends { id: string }>(map: Record<string, Ordered<T>>): T[];
  value<T>(source: T): T;
}

const FRESH_COPIES: ExportCopies = { list: mapToList, value: cloneJson };

/** Document to exchange format; pass the live history to carry it, else an empty one is written. */
export function toJson(doc: ProjectDoc, history: HistoryJson = { commands: [], currentIndex: -1 }, copies: ExportCopies = FRESH_COPIES): ProjectJson {
  const { list, value } = copies;
  const t = doc.timeline;
  return {
    version: '1.0',
    schemaVersion: doc.schemaVersion,
    id: doc.id,
    metadata: value(doc.metadata),
    canvas: value(doc.canvas),
    layers: list(doc.layers),
    assets: list(doc.assets),
    warpPoints: value(doc.warpPoints),
    scenes: list(doc.scenes),
    timeline: {
      currentTime: t.currentTime,
      duration: t.duration,
      fps: t.fps,
      playbackSpeed: t.playbackSpeed,
      loop: t.loop,
      playStartTime: t.playStartTime,
      playEndTime: t.playEndTime,
      timelineScenes: list(t.timelineScenes),
      markers: list(t.markers),
      keyframes: list(t.keyframes),
      sceneTransitions: list(t.sceneTransitions),
      ...autoSettings(t),
    },
    history: cloneJson(history),
  };
}

/** Layers in list order (index 0 is the front). */
export function orderedLayers(doc: Pick<ProjectDoc, 'layers'>): DocLayer[] {
  return sortByOrder(Object.values(doc.layers));
}

/** Scenes in list order. */
export function orderedScenes(doc: Pick<ProjectDoc, 'scenes'>): DocScene[] {
  return sortByOrder(Object.values(doc.scenes));
}

/** A new array sorted by order key then id; keys are read once (they may sit behind a proxy). */
export function sortByOrder<T extends { order: string; id: string }>(items: readonly T[]): T[] {
  const keyed = items.map((item) => ({ k: item.order, id: item.id, item }));
  keyed.sort((a, b) => (a.k !== b.k ? (a.k < b.k ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return keyed.map((e) => e.item);
}
