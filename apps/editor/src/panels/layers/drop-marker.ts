// Where a drag in the layers panel would put the dragged rows, shown before the drop: the hovered
// gap snapped to the nearest index the DOM-above-canvas rule allows (spec section 4, libs/layers
// constrainMoveIndex), so the marker never promises a place the drop would not give.
import { constrainMoveIndex } from '@beamstage/layers';
import type { LayerType } from '@beamstage/layers';

type Row = { readonly id: string; readonly type: LayerType };

export interface DropTarget {
  /** Index among the layers that are not dragged (what the reorder edit takes). */
  readonly toIndex: number;
  /** The marker sits above this row; null: below the last row. */
  readonly beforeId: string | null;
  /** Whether the rule moved the drop away from the hovered gap. */
  readonly constrained: boolean;
}

/**
 * The hovered gap from the pointer's y and the rows' boxes (top and height, in list order): the gap
 * before the first row whose middle is below the pointer, else after the last (0..rows.length).
 */
export function gapAt(pointerY: number, rows: readonly { top: number; height: number }[]): number {
  const index = rows.findIndex((r) => pointerY < r.top + r.height / 2);
  return index === -1 ? rows.length : index;
}

/**
 * The legal drop for `draggedIds` (kept together, in their draw order) when hovering `gap` of the
 * full list (0 = above the first row). Null when nothing draggable is in the list.
 */
export function legalDrop(list: readonly Row[], draggedIds: readonly string[], gap: number): DropTarget | null {
  const dragged = new Set(draggedIds);
  const moving = list.filter((l) => dragged.has(l.id));
  if (moving.length === 0) return null;
  const rest = list.filter((l) => !dragged.has(l.id));
  const clampedGap = Math.max(0, Math.min(list.length, Math.round(gap)));
  // The hovered gap as an index among the rows that stay.
  const wanted = list.slice(0, clampedGap).filter((l) => !dragged.has(l.id)).length;
  let toIndex = wanted;
  // Each dragged layer's rule, as libs/layers applies it to a list of the others plus itself.
  // With the rest in legal order at most one side (DOM above, canvas below) can be broken.
  for (const layer of moving) {
    const legal = constrainMoveIndex([...rest, layer], layer.id, wanted);
    if (legal !== wanted) toIndex = legal;
  }
  return { toIndex, beforeId: rest[toIndex]?.id ?? null, constrained: toIndex !== wanted };
}

/** Whether dropping there changes the order at all (the rows already sit at that place together). */
export function dropChangesOrder(list: readonly Row[], draggedIds: readonly string[], target: DropTarget): boolean {
  const dragged = new Set(draggedIds);
  const rest = list.filter((l) => !dragged.has(l.id));
  const moving = list.filter((l) => dragged.has(l.id));
  const after = [...rest.slice(0, target.toIndex), ...moving, ...rest.slice(target.toIndex)];
  return after.some((l, i) => l.id !== list[i]?.id);
}
