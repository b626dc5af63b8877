import { useEffect, useRef } from 'react';
import type { Action } from '../../actions/action';
import { formatShortcut } from '../../actions/shortcut';
import { IS_MAC } from '../../actions/use-action-keys';

/** The right-click menu of a layer, in sections; every item is a registry action ('-' separates). */
export const LAYER_CONTEXT_ITEMS: readonly string[] = [
  'layer.rename',
  'code.open',
  'layer.restart',
  '-',
  'layer.duplicate',
  'layer.delete',
  '-',
  'layer.toggle-visible',
  'layer.toggle-lock',
  'layer.toggle-warp',
  '-',
  'layer.bring-to-front',
  'layer.bring-forward',
  'layer.send-backward',
  'layer.send-to-back',
];

export interface LayerContextMenuProps<C> {
  x: number;
  y: number;
  /** Looks an action up by id (the registry); unknown ids are left out. */
  action(id: string): Action<C> | undefined;
  ctx: C;
  onClose(): void;
}

/** A context menu at (x, y) whose items are actions: label, shortcut, enabled rule, perform. */
export function LayerContextMenu<C>({ x, y, action, ctx, onClose }: LayerContextMenuProps<C>) {
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const close = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Closing the menu is all Escape does here (not also "Select none" through the registry).
      e.stopPropagation();
      onClose();
    };
    window.addEventListener('pointerdown', close, true);
    window.addEventListener('keydown', onKey, true);
    ref.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    return () => {
      window.removeEventListener('pointerdown', close, true);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [onClose]);
  // Kept inside the window: near the right or bottom edge the menu opens towards the pointer.
  const left = Math.max(4, Math.min(x, window.innerWidth - 240));
  const top = Math.max(4, Math.min(y, window.innerHeight - 420));
  const items = LAYER_CONTEXT_ITEMS.map((id) => (id === '-' ? '-' : action(id))).filter((a): a is Action<C> | '-' => a !== undefined);
  return (
    <ul ref={ref} className="context-menu" role="menu" aria-label="Layer" style={{ left, top }}>
      {items.map((item, i) =>
        item === '-' ? (
          <li key={`sep-${i}`} className="context-menu__sep" role="separator" />
        ) : (
          <li key={item.id} role="none">
            <button
              type="button"
              role="menuitem"
              className="menu__item"
              data-action={item.id}
              disabled={!item.enabled(ctx)}
              title={item.disabledReason?.(ctx) ?? undefined}
              onClick={() => {
                onClose();
                void item.perform(ctx);
              }}
            >
              <span className="menu__icon" aria-hidden="true">
                {item.icon}
              </span>
              {item.label}
              {item.shortcuts?.[0] ? <span className="context-menu__keys">{formatShortcut(item.shortcuts[0], IS_MAC)}</span> : null}
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
