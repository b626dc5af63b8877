// Restores the document invariants after any merge or edit (design.md section 2, spec sections 4-5).
// Written against a draft: it mutates fields in place and assigns whole warp arrays, never the root.
import { rectCorners, defaultLayerWarp, defaultWarpPoints } from './defaults';
import type { DocLayer, ProjectDoc } from './doc';
import { isMaskType, layerGroup } from './groups';
import { evenKeys, isOrderKey } from './order-key';
import type { LayerId } from './ids';
import type { Layer, Point } from './types';

/** Timeline limits of spec section 5. */
export const TIMELINE_MIN_DURATION_MS = 1000;
export const TIMELINE_FPS_MIN = 1;
export const TIMELINE_FPS_MAX = 60;
export const PLAYBACK_SPEED_MIN = 0.1;
export const PLAYBACK_SPEED_MAX = 10;

function validQuad(points: unknown): points is Point[] {
  return (
    Array.isArray(points) &&
    points.length === 4 &&
    points.every((p) => typeof p === 'object' && p !== null && Number.isFinite((p as Point).x) && Number.isFinite((p as Point).y))
  );
}

/** The four corners a layer's warp falls back to: its scaled rectangle around its centre. */
export function layerRectCorners(layer: Pick<Layer, 'x' | 'y' | 'width' | 'height' | 'scale'>): Point[] {
  const sx = layer.scale?.x ?? 1;
  const sy = layer.scale?.y ?? 1;
  return rectCorners(layer.x, layer.y, layer.width * sx, layer.height * sy);
}

function safeKey(l: DocLayer): string {
  return typeof l.order === 'string' ? l.order : '';
}

/** The list order the DOM-above-canvas rule wants: masks keep their slots, DOM then canvas fill the rest. */
export function legalOrder<T extends Pick<Layer, 'type'>>(list: readonly T[]): T[] {
  const dom = list.filter((l) => layerGroup(l) === 'dom');
  const canvas = list.filter((l) => layerGroup(l) === 'canvas');
  const rest = [...dom, ...canvas];
  let k = 0;
  return list.map((l) => (isMaskType(l.type) ? l : rest[k++]!));
}

/** 'mask' or 'dom_mask' for the mask at index i, by the nearest non-mask layer (ties go below). */
export function maskTypeAt(list: readonly Pick<Layer, 'type'>[], i: number): 'mask' | 'dom_mask' | null {
  for (let d = 1; d < list.length; d++) {
    const below = list[i + d];
    if (below && !isMaskType(below.type)) return layerGroup(below) === 'dom' ? 'dom_mask' : 'mask';
    const above = list[i - d];
    if (above && !isMaskType(above.type)) return layerGroup(above) === 'dom' ? 'dom_mask' : 'mask';
  }
  return null;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * Restores every invariant on a draft document: ids match their keys, DOM layers above canvas
 * layers (masks exempt), mask vs dom_mask by the nearest group, masks blend subtract, exactly 4
 * warp points, valid order keys, timeline bounds. Returns how many fields it changed.
 */
export function normalizeDoc(doc: ProjectDoc): number {
  let changes = 0;
  if (!validQuad(doc.warpPoints)) {
    doc.warpPoints = defaultWarpPoints();
    changes++;
  }
  for (const key of Object.keys(doc.layers)) {
    const layer = doc.layers[key]!;
    if (layer.id !== key) {
      layer.id = key as LayerId;
      changes++;
    }
    if (typeof layer.warp !== 'object' || layer.warp === null) {
      layer.warp = defaultLayerWarp(layer.x, layer.y, layer.width, layer.height);
      changes++;
    } else if (!validQuad(layer.warp.points)) {
      layer.warp.points = layerRectCorners(layer);
      changes++;
    }
  }
  // Sort once on precomputed keys (a missing key sorts first and is re-keyed below).
  const keyed = Object.values(doc.layers).map((l) => ({ k: safeKey(l), id: l.id as string, l }));
  keyed.sort((a, b) => (a.k !== b.k ? (a.k < b.k ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const list = keyed.map((e) => e.l);
  const wanted = legalOrder(list);
  const badKeys = list.some((l) => !isOrderKey(l.order));
  const moved = wanted.some((l, i) => l !== list[i]);
  if (badKeys || moved) {
    const keys = evenKeys(wanted.length);
    wanted.forEach((l, i) => {
      if (l.order !== keys[i]) {
        l.order = keys[i]!;
        changes++;
      }
    });
  }
  wanted.forEach((l, i) => {
    if (!isMaskType(l.type)) return;
    const t = maskTypeAt(wanted, i);
    if (t && l.type !== t) {
      l.type = t;
      changes++;
    }
    if (l.blendMode !== 'subtract') {
      l.blendMode = 'subtract';
      changes++;
    }
  });
  changes += normalizeTimeline(doc);
  return changes;
}

function setIf<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): number {
  if (obj[key] === value) return 0;
  obj[key] = value;
  return 1;
}

/** Timeline bounds of spec section 5 (duration >= 1000, fps 1..60, speed 0.1..10, play region). */
export function normalizeTimeline(doc: ProjectDoc): number {
  const t = doc.timeline;
  let n = 0;
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  n += setIf(t, 'duration', Math.max(TIMELINE_MIN_DURATION_MS, num(t.duration, 30000)));
  n += setIf(t, 'fps', clamp(num(t.fps, 30), TIMELINE_FPS_MIN, TIMELINE_FPS_MAX));
  n += setIf(t, 'playbackSpeed', clamp(num(t.playbackSpeed, 1), PLAYBACK_SPEED_MIN, PLAYBACK_SPEED_MAX));
  n += setIf(t, 'playEndTime', clamp(num(t.playEndTime, t.duration), 0, t.duration));
  n += setIf(t, 'playStartTime', clamp(num(t.playStartTime, 0), 0, t.playEndTime));
  n += setIf(t, 'currentTime', Math.max(0, num(t.currentTime, 0)));
  return n;
}
