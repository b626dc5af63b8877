import type { Keyframe, Marker, ProjectJson } from '@beamstage/layers';
import { useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import type { ProjectEdit } from '../../live/project-edits';
import type { TrackRow, View } from './geometry';
import { boxSelect, clickSelect, keyframesByRow, rulerStep, snappedDrag, snapTime, timeToX, xToTime } from './geometry';
import { placementOnDrop } from './placements';
import { PlayheadLine } from './Playhead';
import type { PlayheadSource } from './Playhead';
import { SCENE_DRAG_TYPE } from '../../state/drag-types';


export { SCENE_DRAG_TYPE };
export const ROW_PX = 22;

export interface LanesProps {
  project: ProjectJson;
  rows: readonly TrackRow[];
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
  const [drag, setDrag] = useState<Drag | null>(null);
  const t = p.project.timeline;
  const localX = (e: { clientX: number }) => e.clientX - (lanes.current?.getBoundingClientRect().left ?? 0);
  const localY = (e: { clientY: number }) => e.clientY - (lanes.current?.getBoundingClientRect().top ?? 0);
  const dtOf = (e: { clientX: number }, x0: number) => xToTime(localX(e), p.view) - xToTime(x0, p.view);
  const x = (time: number) => timeToX(time, p.view);
  const snapOpts = { fps: t.fps, zoom: p.view.zoom, duration: t.duration };
  const rowKeyframes = keyframesByRow(p.rows, t.keyframes);

  const start = (e: ReactPointerEvent, next: Drag) => {
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    setDrag(next);
  };
  const move = (e: ReactPointerEvent) => {
    if (!drag) return;
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
        const patch = d.edge === 'move' ? { startTime: snapTime(pl.startTime + d.dt, { ...snapOpts, targets: [] }) } : { duration: Math.max(100, snapTime(pl.startTime + pl.duration + d.dt, { ...snapOpts, targets: [] }) - pl.startTime) };
        p.onEdit({ kind: 'update-placement', id: d.id, patch, nowMs: p.now() });
      }
    } else if (d.kind === 'region' && d.dt !== 0) {
      const base = d.edge === 'start' ? t.playStartTime : t.playEndTime;
      const v = snapTime(base + d.dt, { ...snapOpts, targets: t.markers.map((m) => m.time) });
      p.onEdit({ kind: 'update-timeline', patch: d.edge === 'start' ? { playStartTime: v } : { playEndTime: v } });
    }
  };

  const keyDt = (k: Keyframe) => (drag?.kind === 'keys' && drag.ids.includes(k.id) ? drag.dt : 0);
  const selected = new Set(p.selectedKeyframeIds);
  const step = rulerStep(p.view.zoom);
  const width = lanes.current?.clientWidth ?? 2000;
  const ticks: number[] = [];
  for (let tt = Math.floor(p.view.scroll / step) * step; x(tt) < width && tt <= t.duration; tt += step) if (tt >= 0) ticks.push(tt);
  const regionDt = (edge: 'start' | 'end') => (drag?.kind === 'region' && drag.edge === edge ? drag.dt : 0);
  const markerDt = (m: Marker) => (drag?.kind === 'marker' && drag.id === m.id ? drag.dt : 0);

  return (
    <div
      ref={lanes}
      className="tl-lanes"
      style={{ height: (p.rows.length + 2) * ROW_PX }}
      onPointerMove={move}
      onPointerUp={end}
      onPointerDown={(e) => {
        if (p.readOnly) return;
        (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
        setDrag({ kind: 'box', x0: localX(e), y0: localY(e), x1: localX(e), y1: localY(e) });
      }}
    >
      <div className="tl-ruler" data-testid="timeline-ruler" onPointerDown={(e) => { start(e, { kind: 'scrub' }); p.onSeek(snapTime(xToTime(localX(e), p.view), { ...snapOpts, targets: [] })); }}>
        <div className="tl-region" style={{ left: x(t.playStartTime + regionDt('start')), width: Math.max(0, x(t.playEndTime + regionDt('end')) - x(t.playStartTime + regionDt('start'))) }} />
        {ticks.map((tt) => (
          <span key={tt} className="tl-tick" style={{ left: x(tt) }}>
            {tt % 1000 === 0 ? `${tt / 1000}s` : `${(tt / 1000).toFixed(step < 100 ? 2 : 1)}`}
            <small>{Math.round((tt * t.fps) / 1000)}</small>
          </span>
        ))}
        {(['start', 'end'] as const).map((edge) => (
          <span key={edge} className={`tl-region__handle tl-region__handle--${edge}`} title={edge === 'start' ? 'Play start' : 'Play end'} style={{ left: x((edge === 'start' ? t.playStartTime : t.playEndTime) + regionDt(edge)) }} onPointerDown={(e) => start(e, { kind: 'region', edge, x0: localX(e), dt: 0 })} />
        ))}
        {t.markers.map((m) => (
          <span
            key={m.id}
            className={m.id === p.selectedMarkerId ? 'tl-marker tl-marker--selected' : 'tl-marker'}
            data-testid="timeline-marker"
            title={m.name}
            style={{ left: x(m.time + markerDt(m)), borderTopColor: m.color }}
            onPointerDown={(e) => { p.onSelectMarker(m.id); start(e, { kind: 'marker', id: m.id, x0: localX(e), dt: 0 }); }}
          >
            <em style={{ background: m.color }}>{m.name}</em>
          </span>
        ))}
      </div>
      <div
        className="tl-row tl-row--scenes"
        data-testid="timeline-scene-track"
        onDragOver={(e) => { if (e.dataTransfer.types.includes(SCENE_DRAG_TYPE)) e.preventDefault(); }}
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
              onPointerDown={(e) => { p.onSelectPlacement(pl.id); start(e, { kind: 'placement', id: pl.id, x0: localX(e), dt: 0, edge: 'move' }); }}
            >
              {name}
              <span className="tl-placement__end" onPointerDown={(e) => { p.onSelectPlacement(pl.id); start(e, { kind: 'placement', id: pl.id, x0: localX(e), dt: 0, edge: 'end' }); }} />
            </div>
          );
        })}
        {t.sceneTransitions.map((tr) => (
          <div key={tr.id} className="tl-transition" title={`Transition ${tr.duration} ms, ${tr.easing}`} style={{ left: x(tr.startTime), width: Math.max(2, x(tr.startTime + tr.duration) - x(tr.startTime)) }} />
        ))}
      </div>
      {p.rows.map((row) => (
        <div key={row.key} className={row.property ? 'tl-row' : 'tl-row tl-row--layer'} data-testid="timeline-track">
          {rowKeyframes(row).map((k) => (
            <span
              key={k.id}
              className={selected.has(k.id) ? 'tl-key tl-key--selected' : 'tl-key'}
              data-testid="timeline-keyframe"
              data-time={k.time}
              title={`${k.property} ${JSON.stringify(k.value)} at ${Math.round(k.time)} ms (${k.easing})`}
              style={{ left: x(k.time + keyDt(k)) }}
              onPointerDown={(e) => {
                const ids = row.property ? [k.id] : rowKeyframes(row).filter((o) => Math.abs(o.time - k.time) < 1).map((o) => o.id);
                const alreadyIn = ids.every((id) => selected.has(id));
                const next = e.shiftKey ? clickSelect(p.selectedKeyframeIds, ids, true) : alreadyIn ? [...p.selectedKeyframeIds] : ids;
                p.onSelectKeyframes(next);
                if (!p.readOnly) start(e, { kind: 'keys', ids: next.filter((id) => t.keyframes.some((o) => o.id === id)), grabbed: k.id, x0: localX(e), dt: 0 });
                else e.stopPropagation();
              }}
            />
          ))}
        </div>
      ))}
      {drag?.kind === 'box' ? (
        <div className="tl-box" style={{ left: Math.min(drag.x0, drag.x1), top: Math.min(drag.y0, drag.y1), width: Math.abs(drag.x1 - drag.x0), height: Math.abs(drag.y1 - drag.y0) }} />
      ) : null}
      <PlayheadLine playhead={p.playhead} view={p.view} />
    </div>
  );
}
