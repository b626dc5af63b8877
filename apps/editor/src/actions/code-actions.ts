import { planRun } from '../code/code-source';
import type { ShaderCheck } from '../code/code-source';
import { checkShaderInBrowser } from '../code/shader-check';
import type { Action } from './action';
import { canEdit } from './context';
import type { EditorContext } from './context';

/** The layer whose code is open, if it still exists. */
function codeLayer(ctx: Pick<EditorContext, 'store'>) {
  const id = ctx.store.codeLayerId;
  return id ? (ctx.store.project?.layers.find((l) => l.id === id) ?? null) : null;
}

/**
 * Run: commits the open code as ONE edit (one undo step per Run: no burst field). A shader is
 * compiled first in a throwaway context; one that does not compile, or code over the size limit,
 * is refused with its errors, so the projector never receives it.
 */
export function runCode(ctx: EditorContext, checkShader: ShaderCheck = checkShaderInBrowser): boolean {
  const layer = codeLayer(ctx);
  if (!layer) return false;
  const plan = planRun(layer, ctx.store.codeDrafts[layer.id] ?? null, checkShader);
  if (plan.kind === 'refused') {
    ctx.store.codeErrors = plan.errors.map((e) => ({ line: e.line, message: e.message }));
    ctx.toast(plan.message, 'error');
    return false;
  }
  ctx.store.codeErrors = [];
  if (plan.kind === 'commit') ctx.live.edit({ kind: 'update-layer', id: layer.id, patch: plan.patch });
  const drafts = { ...ctx.store.codeDrafts };
  delete drafts[layer.id];
  ctx.store.codeDrafts = drafts;
  return true;
}

/**
 * Code editor commands. Inside the editor CodeMirror's own keymap runs them (the page's key hook
 * leaves keys in `.cm-editor` to it); the registry lists them for the palette, the `?` panel and
 * the panel's buttons. `Mod+Enter` is registered here so its help line exists and no other action
 * can take the chord.
 */
export const codeActions: readonly Action<EditorContext>[] = [
  {
    id: 'code.run',
    label: 'Run code',
    group: 'layer',
    icon: '▶',
    shortcuts: ['Mod+Enter'],
    // Only in the code editor: elsewhere Ctrl+Enter means nothing to the editor.
    whileTyping: (target) => typeof (target as Element | null)?.closest === 'function' && (target as Element).closest('.cm-editor') !== null,
    keywords: ['shader', 'compile', 'apply', 'code'],
    enabled: (ctx) => canEdit(ctx) && codeLayer(ctx) !== null,
    perform: (ctx) => void runCode(ctx),
  },
  {
    id: 'code.close',
    viewer: true,
    label: 'Close code editor',
    group: 'layer',
    icon: '✕',
    keywords: ['code', 'editor'],
    enabled: (ctx) => ctx.store.codeLayerId !== null,
    perform: (ctx) => {
      // Unsaved drafts stay (by layer) so reopening the editor finds them.
      ctx.store.codeLayerId = null;
      ctx.store.codeErrors = [];
    },
  },
];
