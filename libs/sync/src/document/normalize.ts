import type { DocLayer, ProjectDoc, WarpPoint } from './project-shape';
import { ORDER_STEP } from './project-shape';

/** Layer types drawn as DOM elements above the WebGL canvas. */
export const DOM_LAYER_TYPES: ReadonlySet<string> = new Set(['url', 'html', 'dom_mask']);
/** Layer types that are masks and so always blend with subtract. */
export const MASK_LAYER_TYPES: ReadonlySet<string> = new Set(['mask', 'dom_mask']);
/** The spec's default timeline duration. */
export const DEFAULT_DURATION_MS = 30_000;
/** The spec's default project warp rectangle. */
export const DEFAULT_WARP_POINTS: readonly WarpPoint[] = [
  { x: 200, y: 150 },
  { x: 600, y: 150 },
  { x: 600, y: 450 },
  { x: 200, y: 450 },
];

const isPoint = (p: unknown): p is WarpPoint => !!p && typeof (p as WarpPoint).x === 'number' && typeof (p as WarpPoint).y === 'number' && Number.isFinite((p as WarpPoint).x) && Number.isFinite((p as WarpPoint).y);
const validWarp = (points: unknown): boolean => Array.isArray(points) && points.length === 4 && points.every(isPoint);

/** The four corners of a layer's own box, used when a merge left its warp points broken. */
const layerCorners = (layer: DocLayer): WarpPoint[] => {
  const w = typeof layer['width'] === 'number' ? (layer['width'] as number) : 200;
  const h = typeof layer['height'] === 'number' ? (layer['height'] as number) : 200;
  const x = (layer.x ?? 400) - w / 2;
  const y = (layer.y ?? 300) - h / 2;
  return [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ];
};

/**
 * Restores the document invariants after a merge, mutating a change draft. Deterministic, and it
 * writes only what is wrong, so peers that normalise the same state write the same values.
 * Returns the number of fixes made.
 */
export function normalizeDoc(doc: ProjectDoc): number {
  return restoreInvariants(doc, true);
}

/** Counts the fixes normalizeDoc would make, without writing (cheap check before opening a change). */
export function countInvariantViolations(doc: ProjectDoc): number {
  return restoreInvariants(doc, false);
}

function restoreInvariants(doc: ProjectDoc, write: boolean): number {
  let fixes = 0;
  // In a dry run every assignment below is skipped; `set` keeps the two paths one code.
  const set = (apply: () => void) => {
    fixes++;
    if (write) apply();
  };
  if (!validWarp(doc.warpPoints)) {
    set(() => (doc.warpPoints = DEFAULT_WARP_POINTS.map((p) => ({ ...p }))));
  }
  const layers = Object.values(doc.layers);
  for (const layer of layers) {
    if (typeof layer.order !== 'number' || !Number.isFinite(layer.order)) {
      set(() => (layer.order = 0));
    }
    if (MASK_LAYER_TYPES.has(layer.type) && layer.blendMode !== 'subtract') {
      set(() => (layer.blendMode = 'subtract'));
    }
    if (layer.warp && !validWarp(layer.warp.points)) {
      const warp = layer.warp;
      set(() => (warp.points = layerCorners(layer)));
    }
  }
  // DOM layers sit above every canvas layer: lift any DOM layer that ended up below one.
  const orderOf = (l: DocLayer) => (typeof l.order === 'number' && Number.isFinite(l.order) ? l.order : 0);
  const sorted = [...layers].sort((a, b) => orderOf(a) - orderOf(b) || (a.id < b.id ? -1 : 1));
  const canvasTop = sorted.filter((l) => !DOM_LAYER_TYPES.has(l.type)).reduce((max, l) => Math.max(max, orderOf(l)), -Infinity);
  let next = canvasTop;
  for (const layer of sorted) {
    if (!DOM_LAYER_TYPES.has(layer.type)) continue;
    if (orderOf(layer) <= next) {
      next = (Number.isFinite(next) ? next : 0) + ORDER_STEP;
      const value = next;
      set(() => (layer.order = value));
    } else next = orderOf(layer);
  }
  const t = doc.timeline;
  const durationOk = typeof t.duration === 'number' && t.duration > 0;
  if (!durationOk) set(() => (t.duration = DEFAULT_DURATION_MS));
  const duration = durationOk ? t.duration : DEFAULT_DURATION_MS;
  const start = typeof t.playStartTime === 'number' ? t.playStartTime : 0;
  const end = typeof t.playEndTime === 'number' ? t.playEndTime : duration;
  const clampedStart = Math.min(Math.max(0, start), duration);
  const clampedEnd = Math.min(Math.max(clampedStart, end), duration);
  if (clampedStart !== t.playStartTime) set(() => (t.playStartTime = clampedStart));
  if (clampedEnd !== t.playEndTime) set(() => (t.playEndTime = clampedEnd));
  return fixes;
}
