import type { ProjectJson } from '@beamstage/layers';
import { clampScrollPosition } from '@beamstage/timeline';
import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ProjectEdit } from '../../live/project-edits';
import type { View } from './geometry';
import { sameRows, trackRows, zoomAt } from './geometry';
import { PlayheadTime } from './Playhead';
import type { PlayheadSource } from './Playhead';
import { TimelineDetails } from './TimelineDetails';
import { useRowWindow } from '../../workspace/use-row-window';
import { ROW_PX, TimelineLanes, TRACKS_TOP } from './TimelineLanes';
import './timeline.css';
import { VIEW_ONLY_TITLE } from '../../actions/view-only';

export interface TimelineDrawerProps {
  project: ProjectJson;
  /** The playhead, followed by its readouts only (a frame of playback re-renders nothing else). */
  playhead: PlayheadSource;
  playback: 'stopped' | 'playing' | 'paused';
  view: View;
  onView(view: View): void;
  selectedKeyframeIds: readonly string[];
  onSelectKeyframes(ids: string[]): void;
  selectedPlacementId: string | null;
  onSelectPlacement(id: string | null): void;
  /** The scene selected in the Scenes panel: "Place scene" puts it at the playhead. */
  selectedScene: { id: string; name: string } | null;
  autoKey: boolean;
  readOnly: boolean;
  onSeek(t: number): void;
  onEdit(e: ProjectEdit): void;
  onDeleteKeyframes(): void;
  now(): number;
  /** Transport buttons (registry actions: play/pause, stop, keyframe, auto-key, marker, GO). */
  transport?: ReactNode;
  onPlaceScene?(): void;
}

/** A number field that commits on Enter or blur, so a half-typed value is never clamped mid-way. */
function NumberField({
  label,
  value,
  onCommit,
  step,
  disabled,
  testId,
}: {
  label: string;
  value: number;
  onCommit(v: number): void;
  step?: number;
  disabled?: boolean;
  testId?: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text !== null && text.trim() !== '' && Number.isFinite(Number(text))) onCommit(Number(text));
    setText(null);
  };
  return (
    <label className="tl-field" title={disabled ? VIEW_ONLY_TITLE : undefined}>
      {label}
      <input
        className="bs-input tl-num"
        type="number"
        step={step}
        disabled={disabled}
        data-testid={testId}
        value={text ?? String(Math.round(value * 1000) / 1000)}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </label>
  );
}

/** The bottom drawer: transport, ruler, scene track, a track per layer and animated property. */
export function TimelineDrawer(p: TimelineDrawerProps) {
  const t = p.project.timeline;
  // The same array while the rows are the same: a layer dragged on the stage changes the layers
  // every frame, but not the rows, so the tracks and their canvas are not redrawn.
  const [rows, setRows] = useState(() => trackRows(p.project.layers, t.keyframes));
  const fresh = useMemo(() => trackRows(p.project.layers, t.keyframes), [p.project.layers, t.keyframes]);
  if (fresh !== rows && !sameRows(fresh, rows)) setRows(fresh);
  const body = useRef<HTMLDivElement>(null);
  // Only the track rows in view are rendered (a 100-layer show has hundreds of rows).
  const win = useRowWindow(body, rows.length, ROW_PX, { offset: TRACKS_TOP, overscan: 8 });
  const [markerId, setMarkerId] = useState<string | null>(null);
  const edit = (patch: ProjectEdit) => !p.readOnly && p.onEdit(patch);
  return (
    <section className="tl" aria-label="Timeline" data-testid="timeline">
      <div className="tl-transport">
        {p.transport}
        <PlayheadTime playhead={p.playhead} fps={t.fps} />
        <NumberField
          label="Duration s"
          value={t.duration / 1000}
          step={0.5}
          disabled={p.readOnly}
          testId="timeline-duration"
          onCommit={(v) => edit({ kind: 'update-timeline', patch: { duration: v * 1000 } })}
        />
        <NumberField
          label="FPS"
          value={t.fps}
          step={1}
          disabled={p.readOnly}
          testId="timeline-fps"
          onCommit={(v) => edit({ kind: 'update-timeline', patch: { fps: v } })}
        />
        <NumberField
          label="Speed"
          value={t.playbackSpeed}
          step={0.1}
          disabled={p.readOnly}
          testId="timeline-speed"
          onCommit={(v) => edit({ kind: 'update-timeline', patch: { playbackSpeed: v } })}
        />
        <NumberField
          label="From s"
          value={t.playStartTime / 1000}
          step={0.1}
          disabled={p.readOnly}
          onCommit={(v) => edit({ kind: 'update-timeline', patch: { playStartTime: v * 1000 } })}
        />
        <NumberField
          label="To s"
          value={t.playEndTime / 1000}
          step={0.1}
          disabled={p.readOnly}
          onCommit={(v) => edit({ kind: 'update-timeline', patch: { playEndTime: v * 1000 } })}
        />
        <label className="tl-field" title={p.readOnly ? VIEW_ONLY_TITLE : undefined}>
          <input
            type="checkbox"
            checked={t.loop}
            disabled={p.readOnly}
            onChange={(e) => edit({ kind: 'update-timeline', patch: { loop: e.target.checked } })}
          />{' '}
          Loop
        </label>
        <label className="tl-field" title={p.readOnly ? VIEW_ONLY_TITLE : 'Projectors with no editor connected play the show by themselves'}>
          <input
            type="checkbox"
            checked={t.autoplay === true}
            disabled={p.readOnly}
            onChange={(e) => edit({ kind: 'update-timeline', patch: { autoplay: e.target.checked } })}
          />{' '}
          Autoplay
        </label>
        <label className="tl-field" title={p.readOnly ? VIEW_ONLY_TITLE : 'Such a projector loops the play region'}>
          <input
            type="checkbox"
            checked={t.autoLoop === true}
            disabled={p.readOnly || t.autoplay !== true}
            onChange={(e) => edit({ kind: 'update-timeline', patch: { autoLoop: e.target.checked } })}
          />{' '}
          Auto-loop
        </label>
        <label className="tl-field">
          Zoom
          <input
            type="range"
            min={0.1}
            max={10}
            step={0.1}
            value={p.view.zoom}
            aria-label="Timeline zoom"
            onChange={(e) => p.onView({ ...p.view, zoom: Number(e.target.value) })}
          />
        </label>
        {p.selectedScene && p.onPlaceScene ? (
          <button
            type="button"
            className="bs-btn bs-btn--secondary bs-btn--sm"
            disabled={p.readOnly}
            title={p.readOnly ? VIEW_ONLY_TITLE : undefined}
            onClick={p.onPlaceScene}
          >
            Place “{p.selectedScene.name}”
          </button>
        ) : null}
        {p.autoKey ? (
          <span className="tl-autokey" title="Every layer edit is recorded as a keyframe at the playhead">
            ● Auto-key
          </span>
        ) : null}
        {p.playback !== 'stopped' ? <span className="tl-state">{p.playback === 'playing' ? 'Playing' : 'Paused'}</span> : null}
      </div>
      <div
        ref={body}
        className="tl-body"
        onWheel={(e) => {
          if (e.ctrlKey || e.metaKey)
            p.onView(zoomAt(p.view, p.view.zoom * (e.deltaY < 0 ? 1.1 : 0.9), e.clientX - e.currentTarget.getBoundingClientRect().left - 160));
          else if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY))
            p.onView({ ...p.view, scroll: clampScrollPosition(p.view.scroll + ((e.deltaX || e.deltaY) * 10) / p.view.zoom) });
        }}
      >
        <div className="tl-labels" style={{ height: (rows.length + 2) * ROW_PX }}>
          <div className="tl-label tl-label--ruler">Time</div>
          <div className="tl-label">Scenes</div>
          <div style={{ height: win.start * ROW_PX }} aria-hidden="true" />
          {rows.slice(win.start, win.end).map((r) => (
            <div key={r.key} className={r.property ? 'tl-label tl-label--prop' : 'tl-label tl-label--layer'} title={r.label}>
              {r.label}
            </div>
          ))}
        </div>
        <TimelineLanes
          project={p.project}
          rows={rows}
          window={win}
          view={p.view}
          playhead={p.playhead}
          selectedKeyframeIds={p.selectedKeyframeIds}
          selectedPlacementId={p.selectedPlacementId}
          selectedMarkerId={markerId}
          readOnly={p.readOnly}
          onSeek={p.onSeek}
          onEdit={p.onEdit}
          onSelectKeyframes={(ids) => {
            setMarkerId(null);
            p.onSelectKeyframes(ids);
          }}
          onSelectPlacement={(id) => {
            setMarkerId(null);
            p.onSelectKeyframes([]);
            p.onSelectPlacement(id);
          }}
          onSelectMarker={(id) => {
            p.onSelectKeyframes([]);
            p.onSelectPlacement(null);
            setMarkerId(id);
          }}
          now={p.now}
        />
      </div>
      <TimelineDetails
        project={p.project}
        selectedKeyframeIds={p.selectedKeyframeIds}
        selectedPlacementId={p.selectedPlacementId}
        selectedMarkerId={markerId}
        readOnly={p.readOnly}
        onEdit={p.onEdit}
        onDeleteKeyframes={p.onDeleteKeyframes}
        onSelectPlacement={p.onSelectPlacement}
        onSelectMarker={setMarkerId}
        now={p.now}
      />
    </section>
  );
}
