import type { Scene } from '@beamstage/layers';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { SCENE_DRAG_TYPE } from '../../state/drag-types';
import { canUpdateScene, isPrimary, listedScenes, reorderTarget } from './scene-list';
import './scenes.css';
import { VIEW_ONLY_TITLE } from '../../actions/view-only';

export interface ScenesPanelProps {
  scenes: readonly Scene[];
  selectedSceneId: string | null;
  previewSceneId: string | null;
  readOnly: boolean;
  /** The scene being worked in (null: the Primary scene, the main state). */
  activeSceneId?: string | null;
  /** Pictures rendered from the stage, by scene id (else the scene's stored thumbnail). */
  thumbnails?: Readonly<Record<string, string>>;
  /** The New scene and GO buttons (registry actions). */
  actions?: ReactNode;
  onSelect(id: string): void;
  /** Switches the project to the scene (undoable; stops playback). */
  onSwitch(id: string): void;
  onPreview(id: string | null): void;
  onCapture(id: string): void;
  onDuplicate(id: string): void;
  onRename(id: string, name: string): void;
  onDelete(id: string): void;
  onMove(id: string, toIndex: number): void;
}

/** The Scenes tab: every scene with its thumbnail, Primary first; drag one onto the timeline's scene track. */
export function ScenesPanel(p: ScenesPanelProps) {
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const listed = listedScenes(p.scenes);
  const commitRename = () => {
    if (renaming && renaming.name.trim()) p.onRename(renaming.id, renaming.name.trim());
    setRenaming(null);
  };
  return (
    <div className="scenes" aria-label="Scenes" data-testid="scenes-panel">
      <div className="scenes__bar">{p.actions}</div>
      {p.previewSceneId ? (
        <div className="scenes__preview" role="status">
          Previewing “{p.scenes.find((s) => s.id === p.previewSceneId)?.name}”
          <button type="button" className="bs-btn bs-btn--secondary bs-btn--sm" onClick={() => p.onPreview(null)}>
            Exit preview
          </button>
        </div>
      ) : null}
      {listed.length === 0 ? <p className="scenes__empty">No scenes yet. “New scene” captures the stage as it is now.</p> : null}
      <ul className="scenes__list" title={p.readOnly ? VIEW_ONLY_TITLE : undefined}>
        {listed.map((s) => {
          const up = reorderTarget(p.scenes, s.id, -1);
          const down = reorderTarget(p.scenes, s.id, 1);
          const active = isPrimary(s) ? !p.activeSceneId || p.activeSceneId === s.id : p.activeSceneId === s.id;
          const thumb = p.thumbnails?.[s.id] ?? s.thumbnail;
          // Spec section 4: the Primary scene is updated only while it is the context being edited.
          const updatable = canUpdateScene(s, p.activeSceneId ?? null);
          return (
            <li
              key={s.id}
              className={`scene${s.id === p.selectedSceneId ? ' scene--selected' : ''}${active ? ' scene--active' : ''}`}
              aria-current={active ? 'true' : undefined}
              data-testid="scene-item"
              data-scene-name={s.name}
              draggable={!p.readOnly}
              onDragStart={(e) => {
                e.dataTransfer.setData(SCENE_DRAG_TYPE, s.id);
                e.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => p.onSelect(s.id)}
              onDoubleClick={() => !p.readOnly && p.onSwitch(s.id)}
            >
              <div className="scene__thumb">
                {thumb ? <img src={thumb} alt={`${s.name} thumbnail`} data-testid="scene-thumbnail" /> : <span>{s.layers.length} layers</span>}
              </div>
              <div className="scene__main">
                {renaming?.id === s.id ? (
                  <input
                    className="bs-input"
                    aria-label="Scene name"
                    autoFocus
                    value={renaming.name}
                    onChange={(e) => setRenaming({ id: s.id, name: e.target.value })}
                    onBlur={commitRename}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') commitRename();
                      if (e.key === 'Escape') setRenaming(null);
                    }}
                  />
                ) : (
                  <span className="scene__name" data-testid="scene-name">
                    {s.name}
                    {isPrimary(s) ? <em className="scene__badge">Primary</em> : null}
                    {active ? <em className="scene__badge scene__badge--active">Active</em> : null}
                  </span>
                )}
                <div className="scene__actions" onClick={(e) => e.stopPropagation()}>
                  <button type="button" disabled={p.readOnly} onClick={() => p.onSwitch(s.id)} title="Switch to this scene">
                    Switch
                  </button>
                  <button
                    type="button"
                    onClick={() => p.onPreview(p.previewSceneId === s.id ? null : s.id)}
                    title="Preview without changing the project"
                    aria-pressed={p.previewSceneId === s.id}
                  >
                    Preview
                  </button>
                  <button
                    type="button"
                    disabled={p.readOnly || !updatable}
                    onClick={() => p.onCapture(s.id)}
                    title={
                      updatable ? 'Store the current stage in this scene' : 'The Primary scene is updated only while it is the active scene: switch to it first'
                    }
                  >
                    Update
                  </button>
                  <button type="button" disabled={p.readOnly} onClick={() => setRenaming({ id: s.id, name: s.name })}>
                    Rename
                  </button>
                  <button type="button" disabled={p.readOnly} onClick={() => p.onDuplicate(s.id)}>
                    Duplicate
                  </button>
                  <button type="button" disabled={p.readOnly || up === null} onClick={() => up !== null && p.onMove(s.id, up)} aria-label={`Move ${s.name} up`}>
                    ↑
                  </button>
                  <button
                    type="button"
                    disabled={p.readOnly || down === null}
                    onClick={() => down !== null && p.onMove(s.id, down)}
                    aria-label={`Move ${s.name} down`}
                  >
                    ↓
                  </button>
                  <button type="button" disabled={p.readOnly} onClick={() => p.onDelete(s.id)} aria-label={`Delete ${s.name}`}>
                    Delete
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
