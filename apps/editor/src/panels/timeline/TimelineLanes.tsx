import type { Marker, ProjectJson } from '@beamstage/layers';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import type { RowWindow } from '../../workspace/row-window';
import type { ProjectEdit } from '../../live/project-edits';
import type { TrackRow, View } from './geometry';
import { boxSelect, clickSelect, keyframesByRow, rulerStep, snappedDrag, snapTime, timeToX, xToTime } from './geometry';
import { KeyframeCanvas } from './KeyframeCanvas';
import { keyframeAt, keyframesAtHit } from './keyframe-hit';
import type { KeyHit } from './keyframe-hit';
import { placementOnDrop } from './placements';
import { PlayheadLine } from './Playhead';
import type { PlayheadSource } from './Playhead';
import { SCENE_DRAG_TYPE } from '../../state/drag-types';

export { SCENE_DRAG_TYPE };
export const ROW_PX = 22;
/** The ruler and the scene track sit above the first track row. */
export const TRACKS_TOP = 2 * ROW_PX;

const NO_IDS: ReadonlySet<string> = new Set();

/** The lanes' width, followed as the drawer resizes (the keyframe canvas is painted at it). */
function useWidth(el: { current: HTMLElement | null }): number {
  const [width, setWidth] = useState(2000);
  useLayoutEffect(() => {
    const node = el.current;
    if (!node) return;
    const read = () => setWidth(node.clientWidth || 2000);
    read();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : null;
    observer?.observe(node);
    return () => observer?.disconnect();
  }, [el]);
  return width;
}

export interface LanesProps {
  project: ProjectJson;
  rows: readonly TrackRow[];
  /** The track rows in view (the others are neither rendered nor painted). */
  window: RowWindow;
  view: View;
  playhead: PlayheadSource;
  selectedKeyframeIds: readonly string[];
  selectedPlacementId: string | null;
  selectedMarkerId: string | null;
  readOnly: boolean;
  onSeek(t: number): void;
  onEdit(e: ProjectEdit): void;
  onSelectKeyframes(ids: string[]): void;
  onSelectPlacement(id: string | null): void;
  onSelectMarker(id: string | null): void;
  now(): number;
}

type Drag =
  | { kind: 'keys'; ids: string[]; grabbed: string; x0: number; dt: number }
  | { kind: 'box'; x0: number; y0: number; x1: number; y1: number }
  | { kind: 'marker'; id: string; x0: number; dt: number }
  | { kind: 'placement'; id: string; x0: number; dt: number; edge: 'move' | 'end' }
  | { kind: 'region'; edge: 'start' | 'end'; x0: number; dt: number }
  | { kind: 'scrub' };

/** The ruler, scene track and keyframe rows, with the playhead; every change is an edit. */
export function TimelineLanes(p: LanesProps) {
  const lanes = useRef<HTMLDivElement>(null);
  const keysCanvas = useRef<HTMLCanvasElement | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const width = useWidth(lanes);
  const t = p.project.timeline;
  const localX = (e: { clientX: number }) => e.clientX - (lanes.current?.getBoundingClientRect().left ?? 0);
  const localY = (e: { clientY: number }) => e.clientY - (lanes.current?.getBoundingClientRect().top ?? 0);
  const dtOf = (e: { clientX: number }, x0: number) => xToTime(localX(e), p.view) - xToTime(x0, p.view);
  const x = (time: number) => timeToX(time, p.view);
  const snapOpts = { fps: t.fps, zoom: p.view.zoom, duration: t.duration };
  const rowKeyframes = useMemo(() => keyframesByRow(p.rows, t.keyframes), [p.rows, t.keyframes]);
  const hitAt = (e: { clientX: number; clientY: number }): KeyHit | null =>
    keyframeAt({
      x: localX(e),
      y: localY(e),
      top: TRACKS_TOP,
      rowPx: ROW_PX,
      rowCount: p.rows.length,
      keyframesOf: (i) => (p.rows[i] ? rowKeyframes(p.rows[i]) : []),
      view: p.view,
    });

  /** A press on a diamond: select it (Shift toggles) and start dragging the selection. */
  const pressKeyframe = (e: ReactPointerEvent, hit: KeyHit) => {
    const row = p.rows[hit.row]!;
    const ids = keyframesAtHit(hit, rowKeyframes(row), row.property === null);
    const alreadyIn = ids.every((id) => selected.has(id));
    const next = e.shiftKey ? clickSelect(p.selectedKeyframeIds, ids, true) : alreadyIn ? [...p.selectedKeyframeIds] : ids;
    p.onSelectKeyframes(next);
    if (!p.readOnly) start(e, { kind: 'keys', ids: next.filter((id) => t.keyframes.some((o) => o.id === id)), grabbed: hit.keyframe.id, x0: localX(e), dt: 0 });
    else e.stopPropagation();
  };

  /** Hovering a diamond: its tooltip and a grab cursor (set on the canvas, no re-render). */
  const hover = (e: ReactPointerEvent | null) => {
    const canvas = keysCanvas.current;
    if (!canvas) return;
    const hit = drag || !e ? null : hitAt(e);
    const k = hit?.keyframe;
    const title = k ? `${k.property} ${JSON.stringify(k.value)} at ${Math.round(k.time)} ms (${k.easing})` : '';
    if (canvas.title !== title) canvas.title = title;
    const cursor = k ? 'grab' : '';
    if (canvas.style.cursor !== cursor) canvas.style.cursor = cursor;
  };

  const start = (e: ReactPointerEvent, next: Drag) => {
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    setDrag(next);
  };
  const move = (e: ReactPointerEvent) => {
    // Hovering only: during a scrub or a drag each move would test and touch the canvas for nothing.
    if (!drag) return hover(e);
    if (drag.kind === 'scrub') p.onSeek(snapTime(xToTime(localX(e), p.view), { ...snapOpts, targets: t.markers.map((m) => m.time) }));
    else if (drag.kind === 'box') setDrag({ ...drag, x1: localX(e), y1: localY(e) });
    else setDrag({ ...drag, dt: dtOf(e, drag.x0) });
  };
  const end = (e: ReactPointerEvent) => {
    const d = drag;
    setDrag(null);
    if (!d || p.readOnly) return;
    if (d.kind === 'keys' && d.dt !== 0) {
      const dt = snappedDrag(t.keyframes, d.ids, d.grabbed, d.dt, { ...snapOpts, markers: t.markers });
      if (dt !== 0) p.onEdit({ kind: 'move-keyframes', ids: d.ids, dt });
    } else if (d.kind === 'box') {
      const rowOf = (y: number) => Math.floor((y - 2 * ROW_PX) / ROW_PX);
      const ids = boxSelect(p.rows, t.keyframes, { t0: xToTime(d.x0, p.view), t1: xToTime(d.x1, p.view), r0: rowOf(d.y0), r1: rowOf(d.y1) });
      p.onSelectKeyframes(e.shiftKey ? [...new Set([...p.selectedKeyframeIds, ...ids])] : ids);
    } else if (d.kind === 'marker' && d.dt !== 0) {
      const m = t.markers.find((k) => k.id === d.id);
      if (m) p.onEdit({ kind: 'update-marker', id: d.id, patch: { time: snapTime(m.time + d.dt, { ...snapOpts, targets: t.keyframes.map((k) => k.time) }) } });
    } else if (d.kind === 'placement' && d.dt !== 0) {
      const pl = t.timelineScenes.find((k) => k.id === d.id);
      if (pl) {
        const patch =
          d.edge === 'move'
            ? { startTime: snapTime(pl.startTime + d.dt, { ...snapOpts, targets: [] }) }
            : { duration: Math.max(100, snapTime(pl.startTime + pl.duration + d.dt, { ...snapOpts, targets: [] }) - pl.startTime) };
        p.onEdit({ kind: 'update-placement', id: d.id, patch, nowMs: p.now() });
      }
    } else if (d.kind === 'region' && d.dt !== 0) {
      const base = d.edge === 'start' ? t.playStartTime : t.playEndTime;
      const v = snapTime(base + d.dt, { ...snapOpts, targets: t.markers.map((m) => m.time) });
      p.onEdit({ kind: 'update-timeline', patch: d.edge === 'start' ? { playStartTime: v } : { playEndTime: v } });
    }
  };

  const selected = useMemo(() => new Set(p.selectedKeyframeIds), [p.selectedKeyframeIds]);
  const dragKeys = drag?.kind === 'keys' ? drag.ids : null;
  const moving = useMemo(() => (dragKeys ? new Set(dragKeys) : NO_IDS), [dragKeys]);
  const keysDt = drag?.kind === 'keys' ? drag.dt : 0;
  const shownRows = useMemo(() => p.rows.slice(p.window.start, p.window.end), [p.rows, p.window]);
  const keyframeCount = useMemo(() => p.rows.reduce((n, r) => n + rowKeyframes(r).length, 0), [p.rows, rowKeyframes]);
  const selectionText = useMemo(() => {
    const keys = t.keyframes.filter((k) => selected.has(k.id));
    if (keys.length === 0) return 'No keyframe selected';
    return keys.length === 1
      ? `Selected: ${keys[0]!.property} keyframe at ${Math.round(keys[0]!.time)} ms, ${keys[0]!.easing}`
      : `Selected: ${keys.length} keyframes`;
  }, [t.keyframes, selected]);
  const step = rulerStep(p.view.zoom);
  const ticks: number[] = [];
  for (let tt = Math.floor(p.view.scroll / step) * step; x(tt) < width && tt <= t.duration; tt += step) if (tt >= 0) ticks.push(tt);
  const regionDt = (edge: 'start' | 'end') => (drag?.kind === 'region' && drag.edge === edge ? drag.dt : 0);
  const markerDt = (m: Marker) => (drag?.kind === 'marker' && drag.id === m.id ? drag.dt : 0);

  return (
    <div
      ref={lanes}
      className="tl-lanes"
      style={{ height: (p.rows.length + 2) * ROW_PX }}
      data-keyframe-count={keyframeCount}
      onPointerMove={move}
      onPointerUp={end}
      onPointerLeave={() => hover(null)}
      onPointerDown={(e) => {
        const hit = e.button === 0 ? hitAt(e) : null;
        if (hit) return pressKeyframe(e, hit);
        if (p.readOnly) return;
        (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
        setDrag({ kind: 'box', x0: localX(e), y0: localY(e), x1: localX(e), y1: localY(e) });
      }}
    >
      <div
        className="tl-ruler"
        data-testid="timeline-ruler"
        onPointerDown={(e) => {
          start(e, { kind: 'scrub' });
          p.onSeek(snapTime(xToTime(localX(e), p.view), { ...snapOpts, targets: [] }));
        }}
      >
        <div
          className="tl-region"
          style={{
            left: x(t.playStartTime + regionDt('start')),
            width: Math.max(0, x(t.playEndTime + regionDt('end')) - x(t.playStartTime + regionDt('start'))),
          }}
        />
        {ticks.map((tt) => (
          <span key={tt} className="tl-tick" style={{ left: x(tt) }}>
            {tt % 1000 === 0 ? `${tt / 1000}s` : `${(tt / 1000).toFixed(step < 100 ? 2 : 1)}`}
            <small>{Math.round((tt * t.fps) / 1000)}</small>
          </span>
        ))}
        {(['start', 'end'] as const).map((edge) => (
          <span
            key={edge}
            className={`tl-region__handle tl-region__handle--${edge}`}
            title={edge === 'start' ? 'Play start' : 'Play end'}
            style={{ left: x((edge === 'start' ? t.playStartTime : t.playEndTime) + regionDt(edge)) }}
            onPointerDown={(e) => start(e, { kind: 'region', edge, x0: localX(e), dt: 0 })}
          />
        ))}
        {t.markers.map((m) => (
          <span
            key={m.id}
            className={m.id === p.selectedMarkerId ? 'tl-marker tl-marker--selected' : 'tl-marker'}
            data-testid="timeline-marker"
            title={m.name}
            style={{ left: x(m.time + markerDt(m)), borderTopColor: m.color }}
            onPointerDown={(e) => {
              p.onSelectMarker(m.id);
              start(e, { kind: 'marker', id: m.id, x0: localX(e), dt: 0 });
            }}
          >
            <em style={{ background: m.color }}>{m.name}</em>
          </span>
        ))}
      </div>
      <div
        className="tl-row tl-row--scenes"
        data-testid="timeline-scene-track"
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes(SCENE_DRAG_TYPE)) e.preventDefault();
        }}
        onDrop={(e) => {
          const sceneId = e.dataTransfer.getData(SCENE_DRAG_TYPE);
          const scene = p.project.scenes.find((s) => s.id === sceneId);
          if (!scene || p.readOnly) return;
          e.preventDefault();
          const at = snapTime(xToTime(localX(e), p.view), { ...snapOpts, targets: t.markers.map((m) => m.time) });
          p.onEdit({ kind: 'add-placement', entry: placementOnDrop(t.timelineScenes, scene, at, p.now()) });
        }}
      >
        {t.timelineScenes.map((pl) => {
          const dMove = drag?.kind === 'placement' && drag.id === pl.id && drag.edge === 'move' ? drag.dt : 0;
          const dEnd = drag?.kind === 'placement' && drag.id === pl.id && drag.edge === 'end' ? drag.dt : 0;
          const name = p.project.scenes.find((s) => s.id === pl.sceneId)?.name ?? pl.name ?? 'Missing scene';
          return (
            <div
              key={pl.id}
              className={pl.id === p.selectedPlacementId ? 'tl-placement tl-placement--selected' : 'tl-placement'}
              data-testid="timeline-placement"
              style={{ left: x(pl.startTime + dMove), width: Math.max(6, x(pl.startTime + pl.duration + dEnd) - x(pl.startTime)) }}
              onPointerDown={(e) => {
                p.onSelectPlacement(pl.id);
                start(e, { kind: 'placement', id: pl.id, x0: localX(e), dt: 0, edge: 'move' });
              }}
            >
              {name}
              <span
                className="tl-placement__end"
                onPointerDown={(e) => {
                  p.onSelectPlacement(pl.id);
                  start(e, { kind: 'placement', id: pl.id, x0: localX(e), dt: 0, edge: 'end' });
                }}
              />
            </div>
          );
        })}
        {t.sceneTransitions.map((tr) => (
          <div
            key={tr.id}
            className="tl-transition"
            title={`Transition ${tr.duration} ms, ${tr.easing}`}
            style={{ left: x(tr.startTime), width: Math.max(2, x(tr.startTime + tr.duration) - x(tr.startTime)) }}
          />
        ))}
      </div>
      <div className="tl-tracks" style={{ top: TRACKS_TOP + p.window.start * ROW_PX }}>
        {shownRows.map((row, i) => {
          const keys = rowKeyframes(row);
          return (
            <div
              key={row.key}
              className={row.property ? 'tl-row' : 'tl-row tl-row--layer'}
              data-testid="timeline-track"
              data-row={p.window.start + i}
              // Where the canvas paints this row's diamonds (document times; x from the lanes' left edge).
              data-keyframe-times={keys.map((k) => k.time).join(' ')}
              data-keyframe-x={keys.map((k) => Math.round(x(k.time) * 10) / 10).join(' ')}
            />
          );
        })}
        <KeyframeCanvas
          canvasRef={keysCanvas}
          rows={shownRows}
          keyframesOf={rowKeyframes}
          view={p.view}
          width={width}
          rowPx={ROW_PX}
          selected={selected}
          moving={moving}
          dt={keysDt}
        />
      </div>
      {/* The canvas is a picture: what is selected is said here (Delete, copy and the easings act on it). */}
      <p className="sr-only" aria-live="polite" data-testid="timeline-selection">
        {selectionText}
      </p>
      {drag?.kind === 'box' ? (
        <div
          className="tl-box"
          style={{ left: Math.min(drag.x0, drag.x1), top: Math.min(drag.y0, drag.y1), width: Math.abs(drag.x1 - drag.x0), height: Math.abs(drag.y1 - drag.y0) }}
        />
      ) : null}
      <PlayheadLine playhead={p.playhead} view={p.view} />
    </div>
  );
}
