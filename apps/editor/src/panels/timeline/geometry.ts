// Timeline maths, pure: time <-> pixels at a zoom and scroll, snapping, box selection, tracks.
import type { Keyframe, Layer, Marker } from '@beamstage/layers';
import { clampScrollPosition, clampZoomLevel } from '@beamstage/timeline';

/** At zoom 1 a second is this many pixels. */
export const PX_PER_SECOND = 100;
/** A drag snaps to a frame, marker or keyframe this close (pixels). */
export const SNAP_PX = 6;

export interface View {
  zoom: number;
  /** Scroll in ms: the time at the left edge. */
  scroll: number;
}

export const pxPerMs = (zoom: number) => (clampZoomLevel(zoom) * PX_PER_SECOND) / 1000;
export const timeToX = (t: number, v: View) => (t - v.scroll) * pxPerMs(v.zoom);
export const xToTime = (x: number, v: View) => v.scroll + x / pxPerMs(v.zoom);

/** Zooms around the time under pixel `anchorX` so that time stays where the pointer is. */
export function zoomAt(v: View, nextZoom: number, anchorX: number): View {
  const zoom = clampZoomLevel(nextZoom);
  const anchorT = xToTime(anchorX, v);
  return { zoom, scroll: clampScrollPosition(anchorT - anchorX / pxPerMs(zoom)) };
}

/**
 * Snaps a time to the nearest candidate within SNAP_PX: other keyframes and markers first, else
 * whole frames at `fps`. Returns the time as given when nothing is close (frames are always close
 * enough at high zoom, so a drag lands on frames by default).
 */
export function snapTime(t: number, opts: { fps: number; zoom: number; targets: readonly number[]; duration: number }): number {
  const tolMs = SNAP_PX / pxPerMs(opts.zoom);
  let best = t;
  let bestDist = tolMs;
  for (const c of opts.targets) {
    const d = Math.abs(c - t);
    if (d <= bestDist) {
      best = c;
      bestDist = d;
    }
  }
  if (best === t) {
    const frameMs = 1000 / Math.max(1, opts.fps);
    // Rounded to a microsecond: 60 x (1000/30) is 2000.0000000000002 in floats.
    const frame = Math.round(Math.round(t / frameMs) * frameMs * 1000) / 1000;
    // Off the frame grid (zoomed in past it), whole milliseconds: a drop never stores 1234.5678...
    best = Math.abs(frame - t) <= tolMs ? frame : Math.round(t);
  }
  return Math.min(Math.max(0, best), opts.duration);
}

/** The snapped offset for dragging `ids` by `rawDt`: the grabbed keyframe snaps, the others follow. */
export function snappedDrag(
  keyframes: readonly Keyframe[],
  ids: readonly string[],
  grabbedId: string,
  rawDt: number,
  opts: { fps: number; zoom: number; markers: readonly Marker[]; duration: number },
): number {
  const grabbed = keyframes.find((k) => k.id === grabbedId);
  if (!grabbed) return rawDt;
  const moving = new Set(ids);
  const targets = [...keyframes.filter((k) => !moving.has(k.id)).map((k) => k.time), ...opts.markers.map((m) => m.time)];
  return snapTime(grabbed.time + rawDt, { ...opts, targets }) - grabbed.time;
}

/** One row of the timeline: a layer's summary, or one of its animated properties. */
export interface TrackRow {
  key: string;
  layerId: string;
  /** null for the layer's summary row (all its keyframes). */
  property: string | null;
  label: string;
}

/** A row per layer (in list order) and one per animated property of it. */
export function trackRows(layers: readonly Layer[], keyframes: readonly Keyframe[]): TrackRow[] {
  const byLayer = new Map<string, Set<string>>();
  for (const k of keyframes) {
    let set = byLayer.get(k.layerId);
    if (!set) byLayer.set(k.layerId, (set = new Set()));
    set.add(k.property);
  }
  return layers.flatMap((l) => [
    { key: l.id, layerId: l.id, property: null, label: l.name },
    ...[...(byLayer.get(l.id) ?? [])].sort().map((p) => ({ key: `${l.id}:${p}`, layerId: l.id, property: p, label: p })),
  ]);
}

/** Whether two row lists show the same rows (so what is drawn from them need not be redrawn). */
export function sameRows(a: readonly TrackRow[], b: readonly TrackRow[]): boolean {
  return a.length === b.length && a.every((r, i) => r.key === b[i]!.key && r.label === b[i]!.label);
}

/** Keyframes drawn on a row: the layer's all (summary) or one property's. */
export const rowKeyframes = (row: TrackRow, keyframes: readonly Keyframe[]) =>
  keyframes.filter((k) => k.layerId === row.layerId && (row.property === null || k.property === row.property));

/**
 * rowKeyframes for every row at once, in one pass over the keyframes (a timeline of 2,000 keyframes
 * and hundreds of rows would otherwise filter the whole list once per row).
 */
export function keyframesByRow(rows: readonly TrackRow[], keyframes: readonly Keyframe[]): (row: TrackRow) => readonly Keyframe[] {
  const byLayer = new Map<string, Keyframe[]>();
  const byProperty = new Map<string, Keyframe[]>();
  const push = (map: Map<string, Keyframe[]>, key: string, k: Keyframe) => {
    const list = map.get(key);
    if (list) list.push(k);
    else map.set(key, [k]);
  };
  const wanted = new Set(rows.map((r) => r.layerId as string));
  for (const k of keyframes) {
    if (!wanted.has(k.layerId)) continue;
    push(byLayer, k.layerId, k);
    push(byProperty, `${k.layerId}\u0000${k.property}`, k);
  }
  return (row) => (row.property === null ? byLayer.get(row.layerId) : byProperty.get(`${row.layerId}\u0000${row.property}`)) ?? [];
}

/** Keyframes inside a box: times between t0 and t1, on rows between r0 and r1 (indices, inclusive). */
export function boxSelect(rows: readonly TrackRow[], keyframes: readonly Keyframe[], box: { t0: number; t1: number; r0: number; r1: number }): string[] {
  const [t0, t1] = box.t0 <= box.t1 ? [box.t0, box.t1] : [box.t1, box.t0];
  const [r0, r1] = box.r0 <= box.r1 ? [box.r0, box.r1] : [box.r1, box.r0];
  const out = new Set<string>();
  rows.slice(Math.max(0, r0), r1 + 1).forEach((row) => {
    for (const k of rowKeyframes(row, keyframes)) if (k.time >= t0 && k.time <= t1) out.add(k.id);
  });
  return [...out];
}

/** Click selection: plain replaces, Shift toggles the keyframe in the selection. */
export function clickSelect(selected: readonly string[], ids: readonly string[], shift: boolean): string[] {
  if (!shift) return [...ids];
  const set = new Set(selected);
  const allIn = ids.every((id) => set.has(id));
  for (const id of ids)
    if (allIn) set.delete(id);
    else set.add(id);
  return [...set];
}

/** "mm:ss.mmm" and the frame number at fps. */
export function formatTime(t: number, fps: number): string {
  const ms = Math.max(0, Math.round(t));
  const m = Math.floor(ms / 60000);
  const s = Math.floor((ms % 60000) / 1000);
  const rest = ms % 1000;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(rest).padStart(3, '0')} · f${Math.floor((t * fps) / 1000 + 1e-6)}`;
}

/** Ruler ticks: a step in ms giving at least ~60 px between labels. */
export function rulerStep(zoom: number): number {
  const steps = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000, 60000];
  return steps.find((s) => s * pxPerMs(zoom) >= 60) ?? 60000;
}
