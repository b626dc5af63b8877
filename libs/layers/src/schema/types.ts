// Entities of spec section 3 in the exchange format (the spec's JSON, version "1.0").
import type { BlendMode } from './blend';
import type { AssetId, LayerId, ProjectId, SceneId } from './ids';
import type { JsonValue } from './json';
import type { TimelineJson } from './timeline-types';

export const LAYER_TYPES = ['image', 'video', 'url', 'html', 'fragment-shader', 'giphy', 'p5js', 'mask', 'dom_mask', 'rtmp'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

export interface Point {
  x: number;
  y: number;
}

export type FitMode = 'contain' | 'cover' | 'fill' | 'none' | 'scale-to-fit';

export interface LayerWarp {
  enabled: boolean;
  /** Always exactly 4 corners: top-left, top-right, bottom-right, bottom-left. Replaced as a whole value. */
  points: Point[];
  meshEnabled: boolean;
  meshResolution: number;
  meshPoints: Point[];
  showGrid: boolean;
  gridDensity: number;
  gridThickness: number;
}

export interface ImageContent {
  src: string;
}
export interface VideoContent {
  src: string;
  playing: boolean;
  loop: boolean;
}
export interface UrlContent {
  url: string;
}
export interface HtmlContent {
  html: string;
}
export interface ShaderContent {
  vertexSrc: string;
  fragmentSrc: string;
  uniforms: Record<string, JsonValue>;
}
export interface P5Content {
  code: string;
}
export interface MaskContent {
  src: string;
  invert: boolean;
  fitMode: FitMode;
}
export interface RtmpContent {
  url: string;
  fallbackHls: string;
  playing: boolean;
  muted: boolean;
}

export interface FitProperties {
  fitMode: FitMode;
}
export interface VideoProperties {
  volume: number;
  playbackRate: number;
  fitMode: FitMode;
}
export interface UrlProperties {
  scrollable: boolean;
  interactive: boolean;
  fitMode: FitMode;
}
export interface HtmlProperties {
  background: string;
  css: string;
  interactive: boolean;
}
export interface ShaderProperties {
  uniforms: Record<string, JsonValue>;
}
export interface P5Properties {
  autoRun: boolean;
  frameRate: number;
}
/** feather: soft edge radius in px (render-core MaskRef.feather); 0 is a hard edge. */
export interface MaskProperties {
  invert: boolean;
  fitMode: FitMode;
  feather: number;
}
export interface RtmpProperties {
  fitMode: FitMode;
  volume: number;
}

/** Fields shared by every layer type. */
export interface LayerBase {
  id: LayerId;
  name: string;
  visible: boolean;
  opacity: number;
  locked: boolean;
  blendMode: BlendMode;
  x: number;
  y: number;
  width: number;
  height: number;
  scale: Point;
  rotation: number;
  warp: LayerWarp;
  maskData?: JsonValue;
  maskId?: string;
  maskInvert?: boolean;
  filters?: JsonValue[];
  effects?: JsonValue[];
}

export interface ImageLayer extends LayerBase {
  type: 'image';
  content: ImageContent;
  properties: FitProperties;
}
export interface VideoLayer extends LayerBase {
  type: 'video';
  content: VideoContent;
  properties: VideoProperties;
}
export interface UrlLayer extends LayerBase {
  type: 'url';
  content: UrlContent;
  properties: UrlProperties;
}
export interface HtmlLayer extends LayerBase {
  type: 'html';
  content: HtmlContent;
  properties: HtmlProperties;
}
export interface ShaderLayer extends LayerBase {
  type: 'fragment-shader';
  content: ShaderContent;
  properties: ShaderProperties;
}
export interface GiphyLayer extends LayerBase {
  type: 'giphy';
  content: ImageContent;
  properties: FitProperties;
}
export interface P5Layer extends LayerBase {
  type: 'p5js';
  content: P5Content;
  properties: P5Properties;
}
export interface MaskLayer extends LayerBase {
  type: 'mask';
  content: MaskContent;
  properties: MaskProperties;
}
export interface DomMaskLayer extends LayerBase {
  type: 'dom_mask';
  content: MaskContent;
  properties: MaskProperties;
}
export interface RtmpLayer extends LayerBase {
  type: 'rtmp';
  content: RtmpContent;
  properties: RtmpProperties;
}

export type Layer = ImageLayer | VideoLayer | UrlLayer | HtmlLayer | ShaderLayer | GiphyLayer | P5Layer | MaskLayer | DomMaskLayer | RtmpLayer;

/** The layer of one type. */
export type LayerOf<T extends LayerType> = Extract<Layer, { type: T }>;

export interface CanvasSettings {
  width: number;
  height: number;
  background: string;
  blendMode: BlendMode;
}

export interface ProjectMetadata {
  id: ProjectId;
  name: string;
  description: string;
  created: string;
  modified: string;
  author: string;
  tags: string[];
  isPublic: boolean;
  /** Real-time sync; files before schema 2 call it `realtime`. */
  syncEnabled: boolean;
  autoMode: boolean;
  debugSettings?: Record<string, JsonValue>;
}

/** A project asset: a local one carries a data URL, a cloud one a key and url. */
export interface Asset {
  id: AssetId;
  name: string;
  type: string;
  projectId?: string;
  url?: string;
  key?: string;
  data?: string;
  size?: number;
  layerId?: string;
  created?: string;
}

export interface SceneMetadata {
  created: string;
  modified: string;
  isPrimaryScene?: boolean;
  lastUpdated?: string;
}

export interface Scene {
  id: SceneId;
  name: string;
  description: string;
  layers: Layer[];
  canvas: CanvasSettings;
  warpPoints: Point[];
  thumbnail?: string;
  thumbnailUrl?: string;
  created: string;
  modified: string;
  metadata: SceneMetadata;
}

/** A serialised history entry; live commands with actions are not stored in files. */
export interface HistoryEntryJson {
  type: string;
  description: string;
}

export interface HistoryJson {
  commands: HistoryEntryJson[];
  currentIndex: number;
}

/** The exchange format: import, export, REST bodies, backups. */
export interface ProjectJson {
  version: '1.0';
  /** Integer schema version of this file (missing means 1). */
  schemaVersion: number;
  id: ProjectId;
  metadata: ProjectMetadata;
  canvas: CanvasSettings;
  layers: Layer[];
  assets: Asset[];
  warpPoints: Point[];
  scenes: Scene[];
  timeline: TimelineJson;
  history: HistoryJson;
}

/** A local backup record (spec section 3). */
export interface BackupRecord {
  projectId: string;
  timestamp: number;
  date: string;
  projectData: ProjectJson;
}

/** Values the editor holds outside the document (spec section 3, "editor-held values"). */
export interface EditorSettings {
  warpHandleSize: number;
  currentSceneId: SceneId | null;
  currentSceneName: string;
  backupEnabled: boolean;
  saving: boolean;
  lastSaved: string | null;
}

/** The state stashed before play or preview (spec section 3, "stashed project state"). */
export interface StashedProjectState {
  layers: Layer[];
  canvasWidth: number;
  canvasHeight: number;
  background: string;
  warpPoints: Point[];
  metadata: ProjectMetadata;
  timestamp: number;
}
