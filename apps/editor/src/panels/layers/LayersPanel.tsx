import { useSnapshot } from 'valtio';
import type { Layer } from '@beamstage/layers';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Action } from '../../actions/action';
import type { EditorContext } from '../../actions/context';
import { ActionButton } from '../../workspace/ActionButton';
import { VIEW_ONLY_TITLE } from '../../actions/view-only';
import { ArrowIcon, DuplicateIcon, TrashIcon } from './icons';
import { LayerContextMenu } from './LayerContextMenu';
import { LayerListView } from './LayerListView';
import { clickSelect } from './selection';
import type { ClickModifiers } from './selection';
import './layers-panel.css';

export interface LayersPanelProps {
  ctx: EditorContext;
  /** Snapshot values (the panel re-renders when they change). */
  layers: readonly Layer[];
  selectedIds: readonly string[];
  primaryId: string | null;
  renamingId: string | null;
  /** The registry lookup: the toolbar and the context menu render its actions. */
  action(id: string): Action<EditorContext> | undefined;
}

const TOOLBAR = [
  { id: 'layer.duplicate', icon: <DuplicateIcon /> },
  { id: 'layer.delete', icon: <TrashIcon /> },
  { id: 'layer.bring-forward', icon: <ArrowIcon /> },
  { id: 'layer.send-backward', icon: <ArrowIcon down /> },
] as const;

/**
 * The layers panel: the stack in draw order, front first. It reads snapshots and
 * writes only through live edits and registry actions (design.md section 8).
 */
export function LayersPanel({ ctx, layers, selectedIds, primaryId, renamingId, action }: LayersPanelProps) {
  const anchor = useRef<string | null>(null);
  const { layerIssues: issues, viewOnly } = useSnapshot(ctx.store);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const order: string[] = layers.map((l) => l.id);
  // The selection as the store holds it, always read fresh (a click right after a remote change).
  const current = () => ({ ids: ctx.store.selectedLayerIds, primary: ctx.store.selectedLayerId, anchor: anchor.current });

  useEffect(() => {
    // Rename started elsewhere (the palette, F-key actions) ends if its layer disappears.
    if (renamingId && !order.includes(renamingId)) ctx.store.renamingLayerId = null;
  });

  const select = (ids: readonly string[], primary: string | null) => {
    ctx.live.select(primary);
    ctx.store.selectedLayerIds = [...ids];
  };

  const onRowClick = (id: string, mods: ClickModifiers) => {
    const next = clickSelect(order, current(), id, mods);
    anchor.current = next.anchor;
    select(next.ids, next.primary);
  };

  /** Visibility and lock act on the whole selection when the row is part of a multi-selection. */
  const targetsOf = (id: string) => (selectedIds.length > 1 && selectedIds.includes(id) ? [...selectedIds] : [id]);

  const toggle = (id: string, field: 'visible' | 'locked') => {
    if (ctx.store.viewOnly) return;
    const row = layers.find((l) => l.id === id);
    if (!row) return;
    const ids = targetsOf(id);
    const value = !row[field];
    if (ids.length === 1 && field === 'visible') ctx.live.edit({ kind: 'toggle-visible', id });
    else ctx.live.edit({ kind: 'update-layers', ids, patch: { [field]: value } });
  };

  return (
    <div className="layers-panel">
      <div className="layers-panel__bar" role="toolbar" aria-label="Layer actions">
        {TOOLBAR.map(({ id, icon }) => (
          <ActionButton key={id} action={action(id)} ctx={ctx} className="bs-btn bs-btn--ghost bs-btn--sm">
            {icon}
          </ActionButton>
        ))}
        <span className="layers-panel__count" data-testid="layer-count">
          {selectedIds.length > 1 ? `${selectedIds.length} of ${layers.length}` : layers.length}
        </span>
      </div>
      <LayerListView
        layers={layers}
        selectedIds={selectedIds}
        primaryId={primaryId}
        renamingId={renamingId}
        issues={issues}
        onRowClick={onRowClick}
        readOnlyTitle={viewOnly ? VIEW_ONLY_TITLE : null}
        onToggleVisible={(id) => toggle(id, 'visible')}
        onToggleLock={(id) => toggle(id, 'locked')}
        onRenameStart={(id) => {
          if (ctx.store.viewOnly) return;
          if (!selectedIds.includes(id)) onRowClick(id, { shift: false, toggle: false });
          ctx.store.renamingLayerId = id;
        }}
        onRenameEnd={(id, name) => {
          ctx.store.renamingLayerId = null;
          if (name !== null) ctx.live.edit({ kind: 'rename-layer', id, name });
        }}
        onReorder={(ids, toIndex) => {
          if (ctx.store.viewOnly) return;
          const [only] = ids;
          ctx.live.edit(ids.length === 1 && only ? { kind: 'reorder-layer', id: only, toIndex } : { kind: 'reorder-layers', ids, toIndex });
        }}
        onContextMenu={(id, x, y) => {
          // Right-click on an unselected row selects it first, as file managers do.
          if (!selectedIds.includes(id)) onRowClick(id, { shift: false, toggle: false });
          setMenu({ x, y });
        }}
      />
      {menu ? <LayerContextMenu x={menu.x} y={menu.y} action={action} ctx={ctx} onClose={closeMenu} /> : null}
    </div>
  );
}
