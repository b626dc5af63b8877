import type { Layer } from '@beamstage/layers';
import { useLayoutEffect, useRef, useState } from 'react';
import type { MouseEvent, PointerEvent, ReactNode } from 'react';
import { scrollToRow } from '../../workspace/row-window';
import { useRowWindow } from '../../workspace/use-row-window';
import { dropChangesOrder, gapAt, legalDrop } from './drop-marker';
import type { DropTarget } from './drop-marker';
import { LayerRow } from './LayerRow';
import type { ClickModifiers } from './selection';
import './layers-panel.css';

/** Pointer travel before a press on a row becomes a drag (a click stays a click). */
export const DRAG_START_PX = 4;
/** A row's height (layers-panel.css) and the gap under it: every row is this far below the last. */
export const LAYER_ROW_HEIGHT_PX = 46;
export const LAYER_ROW_PX = LAYER_ROW_HEIGHT_PX + 2;
/** While dragging, a pointer this close to the list's top or bottom edge scrolls it. */
const EDGE_SCROLL_PX = 24;

export interface LayerListViewProps {
  /** What the stage reported wrong with a layer, by id (a badge on its row). */
  issues?: Readonly<Record<string, { readonly kind: string; readonly message: string; readonly detail?: string }>>;
  /** Draw order, front first (the top row draws on top). */
  layers: readonly Layer[];
  selectedIds: readonly string[];
  primaryId: string | null;
  renamingId: string | null;
  onRowClick(id: string, mods: ClickModifiers): void;
  onToggleVisible(id: string): void;
  onToggleLock(id: string): void;
  onRenameStart(id: string): void;
  onRenameEnd(id: string, name: string | null): void;
  /** The dragged rows go to `toIndex` among the other layers (already the nearest legal index). */
  onReorder(ids: readonly string[], toIndex: number): void;
  onContextMenu(id: string, x: number, y: number): void;
  /** Stories: a drag in progress, as if the pointer hovered `gap`. */
  demoDrag?: { ids: readonly string[]; gap: number };
  /** Set when the project is view-only: the rows' lock and visibility switches are disabled with this reason. */
  readOnlyTitle?: string | null;
}

interface DragState {
  ids: readonly string[];
  target: DropTarget | null;
}

/** The layer list with multi-select and drag-to-reorder; the marker shows the legal drop before release. */
export function LayerListView(props: LayerListViewProps) {
  const { layers, selectedIds, primaryId, renamingId, demoDrag } = props;
  const listRef = useRef<HTMLUListElement>(null);
  const press = useRef<{ id: string; x: number; y: number; pointerId: number } | null>(null);
  const suppressClick = useRef(false);
  const [drag, setDrag] = useState<DragState | null>(null);
  const shown: DragState | null = drag ?? (demoDrag ? { ids: demoDrag.ids, target: legalDrop(layers, demoDrag.ids, demoDrag.gap) } : null);
  // Only the rows in view are rendered: a 100-layer project lays out and paints a few dozen.
  const win = useRowWindow(listRef, layers.length, LAYER_ROW_PX, { overscan: 6 });

  // The primary selection (a click on the stage, an action) or a rename scrolls its row into view.
  const focusId = renamingId ?? primaryId;
  const focusIndex = focusId ? layers.findIndex((l) => l.id === focusId) : -1;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || focusIndex < 0) return;
    const top = scrollToRow(focusIndex, { scrollTop: list.scrollTop, viewport: list.clientHeight, rowPx: LAYER_ROW_PX });
    if (top !== list.scrollTop) list.scrollTop = top;
  }, [focusId, focusIndex]);

  /** Every row's box (rendered or not): the rows sit at fixed steps from the list's scrolled top. */
  const rowBoxes = () => {
    const list = listRef.current;
    if (!list) return [];
    const top = list.getBoundingClientRect().top + list.clientTop - list.scrollTop;
    return layers.map((_, i) => ({ top: top + i * LAYER_ROW_PX, height: LAYER_ROW_HEIGHT_PX }));
  };

  /** Near the list's top or bottom edge a drag scrolls it, so a row can go anywhere in a long list. */
  const edgeScroll = (clientY: number) => {
    const list = listRef.current;
    if (!list) return;
    const box = list.getBoundingClientRect();
    if (clientY < box.top + EDGE_SCROLL_PX) list.scrollTop -= LAYER_ROW_PX / 2;
    else if (clientY > box.bottom - EDGE_SCROLL_PX) list.scrollTop += LAYER_ROW_PX / 2;
  };

  const onPointerDown = (e: PointerEvent<HTMLLIElement>, id: string) => {
    suppressClick.current = false;
    if (e.button !== 0 || renamingId === id) return;
    press.current = { id, x: e.clientX, y: e.clientY, pointerId: e.pointerId };
  };

  const onPointerMove = (e: PointerEvent<HTMLUListElement>) => {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId) return;
    if (!drag) {
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < DRAG_START_PX) return;
      // Captured only once it is a drag: a capture from the press would retarget clicks and
      // double-clicks (rename) to the row instead of its name.
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    // Dragging a selected row drags the whole selection; an unselected row drags alone.
    const ids = drag?.ids ?? (selectedIds.includes(p.id) ? layers.filter((l) => selectedIds.includes(l.id)).map((l) => l.id) : [p.id]);
    edgeScroll(e.clientY);
    const gap = gapAt(e.clientY, rowBoxes());
    setDrag({ ids, target: legalDrop(layers, ids, gap) });
  };

  const endPress = (e: PointerEvent<HTMLUListElement>, commit: boolean) => {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId) return;
    press.current = null;
    if (!drag) return;
    suppressClick.current = true;
    setDrag(null);
    if (commit && drag.target && dropChangesOrder(layers, drag.ids, drag.target)) props.onReorder(drag.ids, drag.target.toIndex);
  };

  const onClick = (e: MouseEvent, id: string) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    props.onRowClick(id, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey });
  };

  const onContextMenu = (e: MouseEvent, id: string) => {
    e.preventDefault();
    props.onContextMenu(id, e.clientX, e.clientY);
  };

  if (layers.length === 0) {
    return (
      <div className="layer-list layer-list--empty">
        <p>No layers yet.</p>
        <p className="hint">Use + Add to add an image, a video, a web page, a shader or any other layer.</p>
      </div>
    );
  }

  const dragged = new Set(shown?.ids ?? []);
  const markerTop = (() => {
    if (!shown?.target) return null;
    const index = shown.target.beforeId === null ? -1 : layers.findIndex((l) => l.id === shown.target?.beforeId);
    return { index, constrained: shown.target.constrained };
  })();

  return (
    <ul
      ref={listRef}
      className={shown ? 'layer-list layer-list--dragging' : 'layer-list'}
      role="listbox"
      aria-label="Layers"
      aria-multiselectable="true"
      onPointerMove={onPointerMove}
      onPointerUp={(e) => endPress(e, true)}
      onPointerCancel={(e) => endPress(e, false)}
    >
      <li className="layer-list__spacer" style={{ height: win.start * LAYER_ROW_PX }} aria-hidden="true" role="presentation" />
      {layers.slice(win.start, win.end).map((layer, k) => (
        <LayerRowWithMarker key={layer.id} marker={markerTop?.index === win.start + k ? markerTop.constrained : null}>
          <LayerRow
            layer={layer}
            position={win.start + k + 1}
            setSize={layers.length}
            selected={selectedIds.includes(layer.id)}
            primary={layer.id === primaryId}
            renaming={layer.id === renamingId}
            dragging={dragged.has(layer.id)}
            issue={props.issues?.[layer.id]}
            onPointerDown={onPointerDown}
            onClick={onClick}
            onContextMenu={onContextMenu}
            onToggleVisible={props.onToggleVisible}
            onToggleLock={props.onToggleLock}
            onRenameStart={props.onRenameStart}
            onRenameEnd={props.onRenameEnd}
            readOnlyTitle={props.readOnlyTitle ?? null}
          />
        </LayerRowWithMarker>
      ))}
      {markerTop?.index === -1 && win.end === layers.length ? <DropMarker constrained={markerTop.constrained} /> : null}
      <li className="layer-list__spacer" style={{ height: (layers.length - win.end) * LAYER_ROW_PX }} aria-hidden="true" role="presentation" />
    </ul>
  );
}

/** A row, preceded by the drop marker when the drop would land above it. */
function LayerRowWithMarker({ marker, children }: { marker: boolean | null; children: ReactNode }) {
  return (
    <>
      {marker !== null ? <DropMarker constrained={marker} /> : null}
      {children}
    </>
  );
}

/**
 * The line where the dragged rows would land. It takes no height (a negative margin), so showing it
 * never moves the rows under the pointer. "Constrained" says the rule moved it from the hovered gap.
 */
function DropMarker({ constrained }: { constrained: boolean }) {
  return (
    <li
      className={constrained ? 'layer-list__marker layer-list__marker--constrained' : 'layer-list__marker'}
      data-testid="drop-marker"
      data-constrained={constrained}
      aria-hidden="true"
      role="presentation"
    />
  );
}
