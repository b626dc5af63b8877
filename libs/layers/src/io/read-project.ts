// Rebuilds project entities from untrusted parsed JSON, keeping only known fields with the right types.
import { normalizeBlendMode } from '../schema/blend';
import { createLayer, defaultCanvas, defaultLayerWarp, defaultTimeline, defaultWarpPoints } from '../schema/defaults';
import type { AssetId, LayerId, SceneId } from '../schema/ids';
import { isRecord } from '../schema/json';
import { readBoolean, readId, readJson, readJsonObject, readList, readNumber, readPoints, readQuad, readShaped, readString } from './read-fields';
import type {
  KeyframeId,
  Marker,
  MarkerId,
  SceneTransition,
  TimelineJson,
  TimelineSceneEntry,
  TimelineSceneId,
  TransitionId,
  Keyframe,
} from '../schema/timeline-types';
import { MARKER_DEFAULT_COLOR, TIMELINE_SCENE_DEFAULT_DURATION_MS, TRANSITION_DEFAULT_DURATION_MS } from '../schema/timeline-types';
import type { Asset, CanvasSettings, Layer, LayerType, Scene } from '../schema/types';
import { LAYER_TYPES } from '../schema/types';

/** A time stamp kept as given: an ISO string or finite wall-clock ms; '' when neither. */
function readStamp(v: unknown): string | number {
  return typeof v === 'number' && Number.isFinite(v) ? v : readString(v, '');
}

const TYPE_SET: ReadonlySet<string> = new Set(LAYER_TYPES);

/** Canvas with positive size; bad values fall back to the defaults. */
export function readCanvas(v: unknown): CanvasSettings {
  const d = defaultCanvas();
  const c = isRecord(v) ? v : {};
  const w = readNumber(c.width, d.width);
  const h = readNumber(c.height, d.height);
  return {
    width: w > 0 ? w : d.width,
    height: h > 0 ? h : d.height,
    background: readString(c.background, d.background),
    blendMode: normalizeBlendMode(c.blendMode),
  };
}

/** A layer rebuilt from known fields, or null when it has no usable id or type. */
export function readLayer(v: unknown, canvas: CanvasSettings): Layer | null {
  if (!isRecord(v)) return null;
  const id = readId(v.id);
  const type = typeof v.type === 'string' && TYPE_SET.has(v.type) ? (v.type as LayerType) : null;
  if (!id || !type) return null;
  const base = createLayer(type, { id: id as LayerId, name: '', canvas });
  const x = readNumber(v.x, base.x);
  const y = readNumber(v.y, base.y);
  const width = readNumber(v.width, base.width);
  const height = readNumber(v.height, base.height);
  const scale = isRecord(v.scale) ? { x: readNumber(v.scale.x, 1), y: readNumber(v.scale.y, 1) } : { x: 1, y: 1 };
  const w = isRecord(v.warp) ? v.warp : {};
  const dw = defaultLayerWarp(x, y, width * scale.x, height * scale.y);
  const layer: Record<string, unknown> = {
    id,
    type,
    name: readString(v.name, `${type}`),
    visible: readBoolean(v.visible, true),
    opacity: readNumber(v.opacity, 1),
    locked: readBoolean(v.locked, false),
    blendMode: normalizeBlendMode(v.blendMode),
    x,
    y,
    width,
    height,
    scale,
    rotation: readNumber(v.rotation, 0),
    content: readShaped(v.content, base.content),
    properties: readShaped(v.properties, base.properties),
    warp: {
      enabled: readBoolean(w.enabled, false),
      points: readQuad(w.points, () => dw.points),
      meshEnabled: readBoolean(w.meshEnabled, dw.meshEnabled),
      meshResolution: readNumber(w.meshResolution, dw.meshResolution),
      meshPoints: readPoints(w.meshPoints),
      showGrid: readBoolean(w.showGrid, dw.showGrid),
      gridDensity: readNumber(w.gridDensity, dw.gridDensity),
      gridThickness: readNumber(w.gridThickness, dw.gridThickness),
    },
  };
  const maskData = readJson(v.maskData);
  if (maskData !== undefined) layer.maskData = maskData;
  if (typeof v.maskId === 'string') layer.maskId = v.maskId;
  if (typeof v.maskInvert === 'boolean') layer.maskInvert = v.maskInvert;
  if (Array.isArray(v.filters)) layer.filters = readJson(v.filters) as Layer['filters'];
  if (Array.isArray(v.effects)) layer.effects = readJson(v.effects) as Layer['effects'];
  return layer as unknown as Layer;
}

/** Layers rebuilt in order; unusable entries are dropped and a repeated id gets a suffix. */
export function readLayers(v: unknown, canvas: CanvasSettings, warnings?: string[]): Layer[] {
  const seen = new Set<string>();
  const out: Layer[] = [];
  readList(v).forEach((raw, index) => {
    const layer = readLayer(raw, canvas);
    if (!layer) {
      warnings?.push(`Layer at index ${index} was dropped: unknown type or missing id`);
      return;
    }
    let id: string = layer.id;
    for (let n = 2; seen.has(id); n++) id = `${layer.id}_${n}`;
    if (id !== layer.id) warnings?.push(`Duplicate layer id ${layer.id} renamed to ${id}`);
    layer.id = id as LayerId;
    seen.add(id);
    out.push(layer);
  });
  return out;
}

export function readScene(v: unknown, index: number): Scene | null {
  if (!isRecord(v)) return null;
  const id = readId(v.id);
  if (!id) return null;
  const canvas = readCanvas(v.canvas);
  const m = isRecord(v.metadata) ? v.metadata : {};
  const created = readString(v.created, '');
  const modified = readString(v.modified, created);
  const scene: Scene = {
    id: id as SceneId,
    name: readString(v.name, `Scene ${index + 1}`),
    description: readString(v.description, ''),
    layers: readLayers(v.layers, canvas),
    canvas,
    warpPoints: readQuad(v.warpPoints, defaultWarpPoints),
    created,
    modified,
    metadata: { created: readString(m.created, created), modified: readString(m.modified, modified) },
  };
  if (typeof v.thumbnail === 'string') scene.thumbnail = v.thumbnail;
  if (typeof v.thumbnailUrl === 'string') scene.thumbnailUrl = v.thumbnailUrl;
  if (typeof m.isPrimaryScene === 'boolean') scene.metadata.isPrimaryScene = m.isPrimaryScene;
  if (typeof m.lastUpdated === 'string') scene.metadata.lastUpdated = m.lastUpdated;
  return scene;
}

/** Reads a list of entities, dropping unusable ones and any whose id was already seen. */
export function readUnique<T extends { id: string }>(v: unknown, read: (raw: unknown, index: number) => T | null): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  readList(v).forEach((raw, i) => {
    const e = read(raw, i);
    if (e && !seen.has(e.id)) {
      seen.add(e.id);
      out.push(e);
    }
  });
  return out;
}

/** An asset from known fields; a duplicate id is ignored by readUnique (spec section 5). */
export function readAsset(v: unknown): Asset | null {
  if (!isRecord(v)) return null;
  const id = readId(v.id);
  if (!id) return null;
  const a: Asset = { id: id as AssetId, name: readString(v.name, ''), type: readString(v.type, '') };
  for (const k of ['projectId', 'url', 'key', 'data', 'layerId', 'created'] as const) if (typeof v[k] === 'string') a[k] = v[k] as string;
  if (typeof v.size === 'number' && Number.isFinite(v.size)) a.size = v.size;
  return a;
}

function readKeyframe(v: unknown): Keyframe | null {
  if (!isRecord(v)) return null;
  const id = readId(v.id);
  const layerId = readId(v.layerId);
  const value = readJson(v.value);
  if (!id || !layerId || typeof v.property !== 'string' || value === undefined) return null;
  const k: Keyframe = { id: id as KeyframeId, layerId, property: v.property, time: readNumber(v.time, 0), value, easing: readString(v.easing, 'linear') };
  const ref = v.sceneReference;
  if (isRecord(ref) && ref.type === 'scene-property' && typeof ref.sceneId === 'string') k.sceneReference = { type: 'scene-property', sceneId: ref.sceneId };
  if (typeof v.timestamp === 'number' && Number.isFinite(v.timestamp)) k.timestamp = v.timestamp;
  return k;
}

function readTimelineScene(v: unknown): TimelineSceneEntry | null {
  if (!isRecord(v)) return null;
  const id = readId(v.id);
  const sceneId = readId(v.sceneId);
  if (!id || !sceneId) return null;
  const m = isRecord(v.metadata) ? v.metadata : {};
  const entry: TimelineSceneEntry = {
    id: id as TimelineSceneId,
    sceneId,
    startTime: readNumber(v.startTime, 0),
    duration: readNumber(v.duration, TIMELINE_SCENE_DEFAULT_DURATION_MS),
    metadata: { created: readStamp(m.created), modified: readStamp(m.modified) },
  };
  if (typeof v.name === 'string') entry.name = v.name;
  return entry;
}

function readMarker(v: unknown): Marker | null {
  if (!isRecord(v)) return null;
  const id = readId(v.id);
  if (!id) return null;
  const m = isRecord(v.metadata) ? v.metadata : {};
  return {
    id: id as MarkerId,
    name: readString(v.name, ''),
    time: readNumber(v.time, 0),
    color: readString(v.color, MARKER_DEFAULT_COLOR),
    metadata: { created: readStamp(m.created) },
  };
}

function readTransition(v: unknown): SceneTransition | null {
  if (!isRecord(v)) return null;
  const id = readId(v.id);
  if (!id) return null;
  const t: SceneTransition = {
    id: id as TransitionId,
    startTime: readNumber(v.startTime, 0),
    duration: readNumber(v.duration, TRANSITION_DEFAULT_DURATION_MS),
    easing: readString(v.easing, 'linear'),
    animations: readList(v.animations).flatMap((a) => {
      if (!isRecord(a) || typeof a.layerId !== 'string' || typeof a.propertyName !== 'string') return [];
      const out: SceneTransition['animations'][number] = {
        layerId: a.layerId,
        propertyName: a.propertyName,
        from: readJson(a.from) ?? null,
        to: readJson(a.to) ?? null,
      };
      if (typeof a.fromSceneId === 'string') out.fromSceneId = a.fromSceneId;
      if (typeof a.toSceneId === 'string') out.toSceneId = a.toSceneId;
      return [out];
    }),
    animatedProperties: readList(v.animatedProperties).filter((s): s is string => typeof s === 'string'),
  };
  if (typeof v.timestamp === 'number' && Number.isFinite(v.timestamp)) t.timestamp = v.timestamp;
  return t;
}

/** Timeline block rebuilt from known fields, with spec defaults for anything missing. */
export function readTimeline(v: unknown): TimelineJson {
  const d = defaultTimeline();
  const t = isRecord(v) ? v : {};
  return {
    currentTime: readNumber(t.currentTime, d.currentTime),
    duration: readNumber(t.duration, d.duration),
    fps: readNumber(t.fps, d.fps),
    playbackSpeed: readNumber(t.playbackSpeed, d.playbackSpeed),
    loop: readBoolean(t.loop, d.loop),
    playStartTime: readNumber(t.playStartTime, d.playStartTime),
    playEndTime: readNumber(t.playEndTime, d.playEndTime),
    timelineScenes: readUnique(t.timelineScenes, readTimelineScene),
    markers: readUnique(t.markers, readMarker),
    keyframes: readUnique(t.keyframes, readKeyframe),
    sceneTransitions: readUnique(t.sceneTransitions, readTransition),
    ...(typeof t.autoplay === 'boolean' ? { autoplay: t.autoplay } : {}),
    ...(typeof t.autoLoop === 'boolean' ? { autoLoop: t.autoLoop } : {}),
  };
}

export { readJsonObject };
