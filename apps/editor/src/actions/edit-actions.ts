import { keepsOwnUndo } from './history-keys';
import type { Action } from './action';
import { canEdit } from './context';
import type { EditorContext } from './context';

/** Undo, redo and save (spec section 9: Ctrl+Z; Ctrl+Y and Ctrl+Shift+Z; Ctrl+S). */
export const editActions: readonly Action<EditorContext>[] = [
  {
    id: 'edit.undo',
    label: 'Undo',
    group: 'edit',
    icon: '↶',
    shortcuts: ['Mod+Z'],
    // A text field keeps its own undo while typing in it; sliders and checkboxes have none.
    whileTyping: (target) => !keepsOwnUndo(target),
    enabled: (ctx) => canEdit(ctx) && ctx.store.history.undo !== null,
    perform: (ctx) => ctx.live.undo(),
  },
  {
    id: 'edit.redo',
    label: 'Redo',
    group: 'edit',
    icon: '↷',
    shortcuts: ['Ctrl+Y', 'Mod+Shift+Z'],
    whileTyping: (target) => !keepsOwnUndo(target),
    enabled: (ctx) => canEdit(ctx) && ctx.store.history.redo !== null,
    perform: (ctx) => ctx.live.redo(),
  },
  {
    id: 'file.save',
    label: 'Save',
    group: 'file',
    icon: '💾',
    shortcuts: ['Mod+S'],
    // Saving from inside a field is what people expect; the browser's "Save page" never opens.
    whileTyping: true,
    keywords: ['store', 'server'],
    // Removed from the project (or it was deleted): a save could only be refused.
    enabled: (ctx) => ctx.store.project !== null && !ctx.store.saving && ctx.store.accessLost === null,
    perform: (ctx) => ctx.save(),
  },
  {
    id: 'file.retry-live',
    label: 'Retry the live connection',
    group: 'file',
    icon: '⟳',
    keywords: ['reconnect', 'sync', 'online'],
    // Never once access ended: every retry's ticket would be refused again.
    enabled: (ctx) => ctx.store.accessLost === null && (ctx.store.connection?.status === 'error' || ctx.store.liveUnavailable !== null),
    perform: (ctx) => {
      ctx.store.liveUnavailable = null;
      ctx.store.liveRetry += 1;
    },
  },
  {
    id: 'file.publish',
    label: 'Publish or unpublish',
    group: 'file',
    icon: '⇪',
    keywords: ['share', 'public', 'projector'],
    enabled: (ctx) => ctx.store.project !== null && !ctx.store.publishing && !ctx.store.viewOnly,
    perform: (ctx) => ctx.togglePublish(),
  },
];
