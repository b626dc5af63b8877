import type { LayerId, ProjectId, RandomBytes } from './ids';
import { createLayerId, defaultRandomBytes } from './ids';
import { maskDefaultImageDataUrl } from './mask-image';
import { SAMPLE_FRAGMENT_SHADER, SAMPLE_HTML, SAMPLE_P5_SKETCH, SAMPLE_VERTEX_SHADER } from './samples';
import type { TimelineJson } from './timeline-types';
import { TIMELINE_DEFAULT_DURATION_MS, TIMELINE_DEFAULT_FPS } from './timeline-types';
import type { CanvasSettings, EditorSettings, Layer, LayerOf, LayerType, LayerWarp, Point, ProjectJson, ProjectMetadata } from './types';

export const CURRENT_SCHEMA_VERSION = 2;
export const PROJECT_FORMAT_VERSION = '1.0';
export const DEFAULT_PROJECT_NAME = 'Untitled Project';
export const PRIMARY_SCENE_NAME = 'Primary';
export const DEFAULT_CANVAS_WIDTH_PX = 800;
export const DEFAULT_CANVAS_HEIGHT_PX = 600;
export const DEFAULT_CANVAS_BACKGROUND = '#000000';
export const DEFAULT_LAYER_SIZE_PX = 200;
export const WARP_HANDLE_SIZE_DEFAULT_PX = 36;
export const WARP_HANDLE_SIZE_MIN_PX = 6;
export const WARP_HANDLE_SIZE_MAX_PX = 90;
export const DUPLICATE_OFFSET_PX = 20;
export const NUDGE_PX = 1;
export const NUDGE_SHIFT_PX = 10;
export const BATCH_FLUSH_MS = 16;
export const HISTORY_MAX_COMMANDS = 50;

/** The default project warp: 200,150 / 600,150 / 600,450 / 200,450 (spec section 3). */
export function defaultWarpPoints(): Point[] {
  return [
    { x: 200, y: 150 },
    { x: 600, y: 150 },
    { x: 600, y: 450 },
    { x: 200, y: 450 },
  ];
}

/** The default canvas: 800x600, #000000, normal. */
export function defaultCanvas(): CanvasSettings {
  return { width: DEFAULT_CANVAS_WIDTH_PX, height: DEFAULT_CANVAS_HEIGHT_PX, background: DEFAULT_CANVAS_BACKGROUND, blendMode: 'normal' };
}

/** The default timeline block: 30 s, 30 fps, speed 1, no loop, play region 0..30000. */
export function defaultTimeline(): TimelineJson {
  return {
    currentTime: 0,
    duration: TIMELINE_DEFAULT_DURATION_MS,
    fps: TIMELINE_DEFAULT_FPS,
    playbackSpeed: 1,
    loop: false,
    playStartTime: 0,
    playEndTime: TIMELINE_DEFAULT_DURATION_MS,
    timelineScenes: [],
    markers: [],
    keyframes: [],
    sceneTransitions: [],
  };
}

/** Editor-held defaults: handle size 36, scene Primary. */
export function defaultEditorSettings(): EditorSettings {
  return {
    warpHandleSize: WARP_HANDLE_SIZE_DEFAULT_PX,
    currentSceneId: null,
    currentSceneName: PRIMARY_SCENE_NAME,
    backupEnabled: true,
    saving: false,
    lastSaved: null,
  };
}

/** The four corners of an axis-aligned rectangle centred on (cx, cy). */
export function rectCorners(cx: number, cy: number, width: number, height: number): Point[] {
  const hw = width / 2;
  const hh = height / 2;
  return [
    { x: cx - hw, y: cy - hh },
    { x: cx + hw, y: cy - hh },
    { x: cx + hw, y: cy + hh },
    { x: cx - hw, y: cy + hh },
  ];
}

/** A layer's default warp: off, with its corners on the layer's rectangle. */
export function defaultLayerWarp(cx: number, cy: number, width: number, height: number): LayerWarp {
  return {
    enabled: false,
    points: rectCorners(cx, cy, width, height),
    meshEnabled: false,
    meshResolution: 4,
    meshPoints: [],
    showGrid: false,
    gridDensity: 10,
    gridThickness: 1,
  };
}

/** "Image", "Fragment-shader", "Dom_mask": the type with its first letter capitalised. */
export function capitalizeType(type: LayerType): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** New-layer name: capitalised type plus a count of that type including the new one ("Image 3"). */
export function defaultLayerName(type: LayerType, existing: readonly Pick<Layer, 'type'>[]): string {
  const count = existing.filter((l) => l.type === type).length + 1;
  return `${capitalizeType(type)} ${count}`;
}

type ContentAndProperties<T extends LayerType> = Pick<LayerOf<T>, 'content' | 'properties'>;

const maskDefaults = () => ({
  content: { src: maskDefaultImageDataUrl(), invert: false, fitMode: 'contain' as const },
  properties: { invert: false, fitMode: 'contain' as const, feather: 0 },
});

/**
 * Each type's defaults, made fresh per call. One table for the module, not one per call: the
 * server normalises every layer of a body through here (950 for the largest project a plan allows).
 */
const DEFAULTS: { [K in LayerType]: () => ContentAndProperties<K> } = {
  image: () => ({ content: { src: '' }, properties: { fitMode: 'contain' } }),
  giphy: () => ({ content: { src: '' }, properties: { fitMode: 'contain' } }),
  video: () => ({ content: { src: '', playing: true, loop: true }, properties: { volume: 1, playbackRate: 1, fitMode: 'contain' } }),
  url: () => ({ content: { url: '' }, properties: { scrollable: false, interactive: false, fitMode: 'scale-to-fit' } }),
  html: () => ({ content: { html: SAMPLE_HTML }, properties: { background: 'transparent', css: '', interactive: false } }),
  'fragment-shader': () => {
    const uniforms = { time: 0, resolution: [DEFAULT_LAYER_SIZE_PX, DEFAULT_LAYER_SIZE_PX] };
    return {
      content: { vertexSrc: SAMPLE_VERTEX_SHADER, fragmentSrc: SAMPLE_FRAGMENT_SHADER, uniforms },
      properties: { uniforms: { ...uniforms, resolution: [...uniforms.resolution] } },
    };
  },
  p5js: () => ({ content: { code: SAMPLE_P5_SKETCH }, properties: { autoRun: true, frameRate: 60 } }),
  mask: maskDefaults,
  dom_mask: maskDefaults,
  rtmp: () => ({ content: { url: '', fallbackHls: '', playing: true, muted: false }, properties: { fitMode: 'contain', volume: 1 } }),
};

/** Spec defaults of content and properties for one layer type. */
export function defaultContentAndProperties<T extends LayerType>(type: T): ContentAndProperties<T> {
  return (DEFAULTS[type] as () => ContentAndProperties<T>)();
}

export interface CreateLayerOptions {
  id?: LayerId;
  name?: string;
  /** Layers already in the project, for the name count. */
  existing?: readonly Pick<Layer, 'type'>[];
  /** Canvas the layer is centred on (default 800x600). */
  canvas?: Pick<CanvasSettings, 'width' | 'height'>;
  /** Timestamp for the generated id. */
  nowMs?: number;
  random?: RandomBytes;
}

/** A new layer of the given type with the spec defaults (200x200 at the canvas centre). */
export function createLayer<T extends LayerType>(type: T, options: CreateLayerOptions = {}): LayerOf<T> {
  const canvas = options.canvas ?? defaultCanvas();
  const x = canvas.width / 2;
  const y = canvas.height / 2;
  const size = DEFAULT_LAYER_SIZE_PX;
  const layer = {
    id: options.id ?? createLayerId(options.nowMs ?? 0, options.random ?? defaultRandomBytes),
    type,
    name: options.name ?? defaultLayerName(type, options.existing ?? []),
    visible: true,
    opacity: 1,
    locked: false,
    blendMode: type === 'mask' || type === 'dom_mask' ? 'subtract' : 'normal',
    x,
    y,
    width: size,
    height: size,
    scale: { x: 1, y: 1 },
    rotation: 0,
    warp: defaultLayerWarp(x, y, size, size),
    ...defaultContentAndProperties(type),
  };
  return layer as unknown as LayerOf<T>;
}

export interface CreateProjectOptions {
  id: ProjectId;
  nowMs: number;
  name?: string;
  description?: string;
  author?: string;
}

/** Metadata of a new project. */
export function defaultMetadata(options: CreateProjectOptions): ProjectMetadata {
  const iso = new Date(options.nowMs).toISOString();
  return {
    id: options.id,
    name: options.name ?? DEFAULT_PROJECT_NAME,
    description: options.description ?? '',
    created: iso,
    modified: iso,
    author: options.author ?? '',
    tags: [],
    isPublic: false,
    syncEnabled: true,
    autoMode: false,
  };
}

/** An empty project in the exchange format with every spec default. */
export function createDefaultProject(options: CreateProjectOptions): ProjectJson {
  return {
    version: PROJECT_FORMAT_VERSION,
    schemaVersion: CURRENT_SCHEMA_VERSION,
    id: options.id,
    metadata: defaultMetadata(options),
    canvas: defaultCanvas(),
    layers: [],
    assets: [],
    warpPoints: defaultWarpPoints(),
    scenes: [],
    timeline: defaultTimeline(),
    history: { commands: [], currentIndex: -1 },
  };
}
