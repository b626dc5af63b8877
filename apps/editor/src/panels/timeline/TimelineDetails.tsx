import type { ProjectJson } from '@beamstage/layers';
import { useState } from 'react';
import type { ProjectEdit } from '../../live/project-edits';
import { EASING_LABELS, EASING_NAMES, easingPath } from './easing-curves';
import { previousPlacement, transitionBetween } from './placements';
import { VIEW_ONLY_TITLE } from '../../actions/view-only';

export interface DetailsProps {
  project: ProjectJson;
  selectedKeyframeIds: readonly string[];
  selectedPlacementId: string | null;
  selectedMarkerId: string | null;
  readOnly: boolean;
  onEdit(e: ProjectEdit): void;
  onDeleteKeyframes(): void;
  onSelectPlacement(id: string | null): void;
  onSelectMarker(id: string | null): void;
  now(): number;
}

/** A small picture of an easing curve (libs/timeline's own function, sampled). */
export function EasingCurve({ name, size = 22 }: { name: string; size?: number }) {
  return (
    <svg className="tl-curve" width={size} height={size} viewBox={`-1 -1 ${size + 2} ${size + 2}`} aria-hidden="true">
      <path d={easingPath(name, size)} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** What is selected in the timeline, editable: keyframes' easing, a marker, a placement and its transition. */
export function TimelineDetails(p: DetailsProps) {
  const t = p.project.timeline;
  const keys = t.keyframes.filter((k) => p.selectedKeyframeIds.includes(k.id));
  const marker = t.markers.find((m) => m.id === p.selectedMarkerId);
  const placement = t.timelineScenes.find((e) => e.id === p.selectedPlacementId);
  const [trDuration, setTrDuration] = useState(1000);
  const [trEasing, setTrEasing] = useState('smooth');
  if (keys.length > 0) {
    const easing = keys.every((k) => k.easing === keys[0]!.easing) ? keys[0]!.easing : null;
    return (
      <div className="tl-details" title={p.readOnly ? VIEW_ONLY_TITLE : undefined} aria-label="Keyframes">
        <strong>{keys.length === 1 ? `${keys[0]!.property} at ${Math.round(keys[0]!.time)} ms` : `${keys.length} keyframes`}</strong>
        <div className="tl-easings" role="radiogroup" aria-label="Easing">
          {EASING_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={easing === name}
              className={easing === name ? 'tl-easing tl-easing--on' : 'tl-easing'}
              disabled={p.readOnly}
              title={EASING_LABELS[name]}
              onClick={() => p.onEdit({ kind: 'update-keyframes', ids: keys.map((k) => k.id), patch: { easing: name } })}
            >
              <EasingCurve name={name} />
              <span>{EASING_LABELS[name]}</span>
            </button>
          ))}
        </div>
        <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" disabled={p.readOnly} onClick={p.onDeleteKeyframes}>
          Delete
        </button>
      </div>
    );
  }
  if (marker) {
    return (
      <div className="tl-details" title={p.readOnly ? VIEW_ONLY_TITLE : undefined} aria-label="Marker">
        <label>
          Name{' '}
          <input
            className="bs-input"
            value={marker.name}
            disabled={p.readOnly}
            onChange={(e) => p.onEdit({ kind: 'update-marker', id: marker.id, patch: { name: e.target.value } })}
          />
        </label>
        <label>
          Colour{' '}
          <input
            type="color"
            value={marker.color}
            disabled={p.readOnly}
            onChange={(e) => p.onEdit({ kind: 'update-marker', id: marker.id, patch: { color: e.target.value } })}
          />
        </label>
        <button
          type="button"
          className="bs-btn bs-btn--ghost bs-btn--sm"
          disabled={p.readOnly}
          onClick={() => {
            p.onEdit({ kind: 'delete-marker', id: marker.id });
            p.onSelectMarker(null);
          }}
        >
          Delete marker
        </button>
      </div>
    );
  }
  if (placement) {
    const prev = previousPlacement(t.timelineScenes, placement);
    const fromScene = prev && p.project.scenes.find((s) => s.id === prev.sceneId);
    const toScene = p.project.scenes.find((s) => s.id === placement.sceneId);
    const existing = t.sceneTransitions.find((tr) => tr.startTime === placement.startTime);
    return (
      <div className="tl-details" title={p.readOnly ? VIEW_ONLY_TITLE : undefined} aria-label="Scene placement">
        <strong>{toScene?.name ?? 'Missing scene'}</strong>
        <label>
          Duration (ms)
          <input
            className="bs-input tl-num"
            type="number"
            min={100}
            step={100}
            value={placement.duration}
            disabled={p.readOnly}
            onChange={(e) => p.onEdit({ kind: 'update-placement', id: placement.id, patch: { duration: Number(e.target.value) }, nowMs: p.now() })}
          />
        </label>
        {existing ? (
          <>
            <label>
              Transition (ms)
              <input
                className="bs-input tl-num"
                type="number"
                min={0}
                step={100}
                value={existing.duration}
                disabled={p.readOnly}
                onChange={(e) => p.onEdit({ kind: 'update-transition', id: existing.id, patch: { duration: Number(e.target.value) } })}
              />
            </label>
            <select
              className="bs-input"
              value={existing.easing}
              disabled={p.readOnly}
              aria-label="Transition easing"
              onChange={(e) => p.onEdit({ kind: 'update-transition', id: existing.id, patch: { easing: e.target.value } })}
            >
              {EASING_NAMES.map((n) => (
                <option key={n} value={n}>
                  {EASING_LABELS[n]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="bs-btn bs-btn--ghost bs-btn--sm"
              disabled={p.readOnly}
              onClick={() => p.onEdit({ kind: 'delete-transition', id: existing.id })}
            >
              Remove transition
            </button>
          </>
        ) : fromScene && toScene ? (
          <>
            <label>
              Transition (ms){' '}
              <input className="bs-input tl-num" type="number" min={0} step={100} value={trDuration} onChange={(e) => setTrDuration(Number(e.target.value))} />
            </label>
            <select className="bs-input" value={trEasing} aria-label="Transition easing" onChange={(e) => setTrEasing(e.target.value)}>
              {EASING_NAMES.map((n) => (
                <option key={n} value={n}>
                  {EASING_LABELS[n]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="bs-btn bs-btn--secondary bs-btn--sm"
              disabled={p.readOnly}
              onClick={() => p.onEdit({ kind: 'add-transition', transition: transitionBetween(fromScene, toScene, placement, trDuration, trEasing, p.now()) })}
            >
              Add transition from {fromScene.name}
            </button>
          </>
        ) : (
          <span className="tl-hint">Place another scene before this one to blend into it.</span>
        )}
        <button
          type="button"
          className="bs-btn bs-btn--ghost bs-btn--sm"
          disabled={p.readOnly}
          onClick={() => {
            p.onEdit({ kind: 'delete-placement', id: placement.id });
            p.onSelectPlacement(null);
          }}
        >
          Remove from timeline
        </button>
      </div>
    );
  }
  // A viewer can play and scrub but not keyframe: telling them to press K would promise an edit.
  if (p.readOnly) return <div className="tl-details tl-hint">{TIMELINE_VIEW_ONLY_HINT}</div>;
  return (
    <div className="tl-details tl-hint">Select a layer and press K to keyframe it at the playhead. Drag scenes from the Scenes panel onto the scene track.</div>
  );
}

/** The timeline's hint for a view-only user. */
export const TIMELINE_VIEW_ONLY_HINT = 'View only: you can play and scrub the timeline but not change it.';
