// Restores the document invariants after any merge or edit (design.md section 2, spec sections 4-5).
// Written against a draft: it mutates fields in place and assigns whole warp arrays, never the root.
import { rectCorners, defaultLayerWarp, defaultWarpPoints } from '../schema/defaults';
import type { ProjectDoc, TimelineDoc } from './doc';
import { isMaskType, layerGroup } from '../schema/groups';
import { evenKeys, isOrderKey } from './order-key';
import { cloneJson } from '../schema/json';
import type { Layer, Point } from '../schema/types';

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

/** One write that normalising needs: set the value at `path` (keys from the document root). */
export interface DocWrite {
  path: readonly string[];
  value: unknown;
}

/** A layer as the ordering rules see it, with the values normalising has decided so far. */
interface LayerView {
  key: string;
  order: unknown;
  type: Layer['type'];
  blendMode: unknown;
}

/**
 * Every write that restores the invariants (ids match their keys, DOM layers above canvas layers
 * with masks exempt, mask vs dom_mask by the nearest group, masks blend subtract, exactly 4 warp
 * points, valid order keys, timeline bounds), computed by reading only: so it can read a plain
 * snapshot (cheap) while the writes go to an Automerge change (whose reads are costly).
 */
export function planNormalize(doc: ProjectDoc): DocWrite[] {
  const writes: DocWrite[] = [];
  if (!validQuad(doc.warpPoints)) writes.push({ path: ['warpPoints'], value: defaultWarpPoints() });
  const views: LayerView[] = [];
  for (const key of Object.keys(doc.layers)) {
    const layer = doc.layers[key]!;
    if (layer.id !== key) writes.push({ path: ['layers', key, 'id'], value: key });
    if (typeof layer.warp !== 'object' || layer.warp === null) {
      writes.push({ path: ['layers', key, 'warp'], value: defaultLayerWarp(layer.x, layer.y, layer.width, layer.height) });
    } else if (!validQuad(layer.warp.points)) {
      writes.push({ path: ['layers', key, 'warp', 'points'], value: layerRectCorners(layer) });
    }
    views.push({ key, order: layer.order, type: layer.type, blendMode: layer.blendMode });
  }
  // Sort once on precomputed keys (a missing key sorts first and is re-keyed below); ids equal keys now.
  const keyed = views.map((v) => ({ k: typeof v.order === 'string' ? v.order : '', id: v.key, v }));
  keyed.sort((a, b) => (a.k !== b.k ? (a.k < b.k ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const list = keyed.map((e) => e.v);
  const wanted = legalOrder(list);
  const badKeys = list.some((l) => !isOrderKey(l.order));
  const moved = wanted.some((l, i) => l !== list[i]);
  if (badKeys || moved) {
    const keys = evenKeys(wanted.length);
    wanted.forEach((l, i) => {
      if (l.order !== keys[i]) writes.push({ path: ['layers', l.key, 'order'], value: keys[i]! });
    });
  }
  wanted.forEach((l, i) => {
    if (!isMaskType(l.type)) return;
    const t = maskTypeAt(wanted, i);
    if (t && l.type !== t) {
      // Later masks read this one only as "a mask", so updating the view keeps the plan exact.
      l.type = t;
      writes.push({ path: ['layers', l.key, 'type'], value: t });
    }
    if (l.blendMode !== 'subtract') writes.push({ path: ['layers', l.key, 'blendMode'], value: 'subtract' });
  });
  writes.push(...planTimeline(doc));
  return writes;
}

/**
 * Applies writes to a draft (a plain object or an Automerge change): only the objects on each
 * path are read, and each value is written as a fresh copy (Automerge refuses shared objects).
 */
export function applyDocWrites(doc: ProjectDoc, writes: readonly DocWrite[]): number {
  for (const w of writes) {
    let target = doc as unknown as Record<string, unknown>;
    for (let i = 0; i < w.path.length - 1; i++) target = target[w.path[i]!] as Record<string, unknown>;
    const v = w.value;
    target[w.path[w.path.length - 1]!] = typeof v === 'object' && v !== null ? cloneJson(v) : v;
  }
  return writes.length;
}

/**
 * Restores every invariant on a draft document (see planNormalize) and returns how many fields it
 * changed: a healthy document gets no write at all.
 */
export function normalizeDoc(doc: ProjectDoc): number {
  return applyDocWrites(doc, planNormalize(doc));
}

let deferred = 0;

/**
 * Runs fn with the layer operations' own normalise passes skipped, for a caller that normalises
 * the result once itself (libs/sync's runOperation plans it on a plain copy, where reading every
 * layer is cheap, instead of reading every layer through the draft after each operation).
 */
export function withOperationNormalizeDeferred<T>(fn: () => T): T {
  deferred++;
  try {
    return fn();
  } finally {
    deferred--;
  }
}

/** The normalise pass at the end of a layer operation, unless a caller deferred it. */
export function normalizeAfterOperation(doc: ProjectDoc): void {
  if (deferred === 0) normalizeDoc(doc);
}

/** The timeline writes of spec section 5 (duration >= 1000, fps 1..60, speed 0.1..10, play region). */
function planTimeline(doc: ProjectDoc): DocWrite[] {
  const t = doc.timeline;
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  const duration = Math.max(TIMELINE_MIN_DURATION_MS, num(t.duration, 30000));
  const playEndTime = clamp(num(t.playEndTime, duration), 0, duration);
  const wanted: [keyof TimelineDoc, number][] = [
    ['duration', duration],
    ['fps', clamp(num(t.fps, 30), TIMELINE_FPS_MIN, TIMELINE_FPS_MAX)],
    ['playbackSpeed', clamp(num(t.playbackSpeed, 1), PLAYBACK_SPEED_MIN, PLAYBACK_SPEED_MAX)],
    ['playEndTime', playEndTime],
    ['playStartTime', clamp(num(t.playStartTime, 0), 0, playEndTime)],
    ['currentTime', Math.max(0, num(t.currentTime, 0))],
  ];
  return wanted.filter(([key, value]) => t[key] !== value).map(([key, value]) => ({ path: ['timeline', key], value }));
}

/** Timeline bounds of spec section 5 (duration >= 1000, fps 1..60, speed 0.1..10, play region). */
export function normalizeTimeline(doc: ProjectDoc): number {
  return applyDocWrites(doc, planTimeline(doc));
}
