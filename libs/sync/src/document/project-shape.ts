// The thin adapter over libs/layers' merge-friendly document shape (design.md section 2).
// libs/layers (ProjectDoc, toDoc, toJson, normalizeDoc) has not landed yet; this file writes against
// the spec's JSON exchange format and is the one place to swap for the libs/layers functions.

/** A point of a four-corner warp. */
export interface WarpPoint {
  x: number;
  y: number;
}

/** A layer as the exchange JSON carries it; unknown fields pass through untouched. */
export interface LayerJson {
  id: string;
  type: string;
  name?: string;
  blendMode?: string;
  x?: number;
  y?: number;
  warp?: { enabled?: boolean; points?: WarpPoint[]; [field: string]: unknown };
  [field: string]: unknown;
}

/** An entity with an id (scenes, keyframes, markers, timeline scenes, transitions, assets). */
export interface EntityJson {
  id: string;
  [field: string]: unknown;
}

/** The spec's JSON exchange format (version "1.0"). */
export interface ProjectJson {
  version: string;
  id?: string;
  metadata: { id?: string; name?: string; [field: string]: unknown };
  canvas: { width: number; height: number; background: string; blendMode: string };
  layers: LayerJson[];
  assets: EntityJson[];
  warpPoints: WarpPoint[];
  scenes: EntityJson[];
  timeline: TimelineFields & {
    timelineScenes: EntityJson[];
    markers: EntityJson[];
    keyframes: EntityJson[];
    sceneTransitions: EntityJson[];
  };
  [field: string]: unknown;
}

/** The timeline's scalar settings (currentTime, fps, loop and the rest pass through). */
export interface TimelineFields {
  duration: number;
  playStartTime?: number;
  playEndTime?: number;
  [field: string]: unknown;
}

/** A layer inside the document: the JSON layer plus its fractional order key. */
export type DocLayer = LayerJson & { order: number };

/** The Automerge document: every list the spec keeps is a map keyed by id here, so merges never duplicate. */
export interface ProjectDoc {
  schema: number;
  version: string;
  metadata: ProjectJson['metadata'];
  canvas: ProjectJson['canvas'];
  warpPoints: WarpPoint[];
  layers: Record<string, DocLayer>;
  assets: Record<string, EntityJson>;
  scenes: Record<string, EntityJson>;
  timeline: TimelineFields & {
    timelineScenes: Record<string, EntityJson>;
    markers: Record<string, EntityJson>;
    keyframes: Record<string, EntityJson>;
    sceneTransitions: Record<string, EntityJson>;
  };
  [field: string]: unknown;
}

/** Document schema version stored inside the document. */
export const DOC_SCHEMA_VERSION = 1;

/** Spacing between consecutive layer order keys, so inserts between two layers need no renumbering. */
export const ORDER_STEP = 1024;
