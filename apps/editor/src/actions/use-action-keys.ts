import { useEffect, useRef } from 'react';
import type { EditorContext } from './context';
import { dispatchKey } from './keyboard';
import type { ActionRegistry } from './registry';
import { isMacPlatform } from './shortcut';
import { isTypingTarget } from './typing';
import { createViewOnlyNotice } from './view-only';

/** Whether this browser's Mod key is Cmd. */
export const IS_MAC = typeof navigator !== 'undefined' && isMacPlatform(navigator.platform || navigator.userAgent);

/**
 * Routes every keydown on the page through the registry. The context is read at key time from a
 * ref, so the listener is installed once per page. While the palette or the shortcut panel is open,
 * those overlays own the keyboard (Esc, arrows, Enter) except their own toggles.
 */
export function useActionKeys(registry: ActionRegistry<EditorContext>, ctx: EditorContext): void {
  const ref = useRef(ctx);
  ref.current = ctx;
  useEffect(() => {
    const viewOnlyNotice = createViewOnlyNotice();
    const onKey = (event: KeyboardEvent) => {
      const current = ref.current;
      if (event.defaultPrevented) return;
      if (current.store.overlay !== 'none') {
        const action = registry.forKey(event, IS_MAC);
        if (action?.id !== 'view.palette' && action?.id !== 'help.shortcuts') return;
      }
      if (current.store.codeLayerId !== null && (event.target as Element | null)?.closest?.('.cm-editor')) {
        // The code editor owns its keys (its own undo, Ctrl+Enter to Run); only save passes.
        const action = registry.forKey(event, IS_MAC);
        if (action?.id !== 'file.save') return;
      }
      if (dispatchKey(registry, event, current, IS_MAC) !== 'performed') viewOnlyNotice(registry.forKey(event, IS_MAC), current, isTypingTarget(event.target));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [registry]);
}
