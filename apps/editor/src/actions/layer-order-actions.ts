import type { Action } from './action';
import { canEdit, selectedLayer, selectedLayers } from './context';
import type { EditorContext } from './context';

// The layers panel's commands that are not in layer-actions.ts: rename in place and moving the
// selection in the stack (the context menu and the panel's toolbar render these).

export type StackMove = 'forward' | 'backward' | 'front' | 'back';

/**
 * The index among the unselected layers that moves the selected block one step (or all the way)
 * towards the front (index 0) or the back. The reorder edit constrains it by the DOM-above-canvas rule.
 */
export function stackMoveIndex(list: readonly { readonly id: string }[], ids: readonly string[], move: StackMove): number {
  const selected = new Set(ids);
  const restCount = list.filter((l) => !selected.has(l.id)).length;
  const first = list.findIndex((l) => selected.has(l.id));
  // Unselected layers above the block's first row = the block's index among the rest.
  const at = list.slice(0, Math.max(0, first)).filter((l) => !selected.has(l.id)).length;
  switch (move) {
    case 'front':
      return 0;
    case 'back':
      return restCount;
    case 'forward':
      return Math.max(0, at - 1);
    case 'backward':
      return Math.min(restCount, at + 1);
  }
}

const hasSelection = (ctx: EditorContext) => canEdit(ctx) && selectedLayers(ctx).length > 0;

const MOVES: readonly { move: StackMove; id: string; label: string; icon: string }[] = [
  { move: 'forward', id: 'layer.bring-forward', label: 'Bring forward', icon: '↑' },
  { move: 'backward', id: 'layer.send-backward', label: 'Send backward', icon: '↓' },
  { move: 'front', id: 'layer.bring-to-front', label: 'Bring to front', icon: '⤒' },
  { move: 'back', id: 'layer.send-to-back', label: 'Send to back', icon: '⤓' },
];

export const layerOrderActions: readonly Action<EditorContext>[] = [
  {
    id: 'layer.rename',
    label: 'Rename layer',
    group: 'layer',
    icon: '✎',
    keywords: ['name', 'title'],
    enabled: (ctx) => canEdit(ctx) && selectedLayer(ctx) !== null,
    perform: (ctx) => {
      const layer = selectedLayer(ctx);
      if (!layer) return;
      ctx.session.leftTab = 'layers';
      ctx.store.renamingLayerId = layer.id;
    },
  },
  ...MOVES.map(({ move, id, label, icon }): Action<EditorContext> => ({
    id,
    label,
    group: 'layer',
    icon,
    keywords: ['order', 'reorder', 'arrange', 'stack'],
    enabled: hasSelection,
    perform: (ctx) => {
      const project = ctx.store.project;
      const ids = selectedLayers(ctx).map((l) => l.id);
      if (!project || ids.length === 0) return;
      ctx.live.edit({ kind: 'reorder-layers', ids, toIndex: stackMoveIndex(project.layers, ids, move) });
    },
  })),
];
