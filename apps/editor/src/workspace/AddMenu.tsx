import { useEffect, useRef, useState } from 'react';
import type { Action } from '../actions/action';
import { tooltipOf } from '../actions/describe';
import { IS_MAC } from '../actions/use-action-keys';

export interface AddMenuProps<C> {
  /** The registry's "add" group, in menu order. */
  actions: readonly Action<C>[];
  ctx: C;
}

/** "+ Add" in the top bar: one item per layer type, each an action of the registry. */
export function AddMenu<C>({ actions, ctx }: AddMenuProps<C>) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
    };
    window.addEventListener('pointerdown', close);
    // Capture: Esc closes the menu before the registry sees it (it would clear the selection).
    window.addEventListener('keydown', escape, true);
    return () => {
      window.removeEventListener('pointerdown', close);
      window.removeEventListener('keydown', escape, true);
    };
  }, [open]);
  // A menu with nothing to choose is a disabled button that says why (a view-only project).
  const usable = actions.some((action) => action.enabled(ctx));
  const why = usable ? undefined : (actions.map((action) => action.disabledReason?.(ctx)).find(Boolean) ?? undefined);
  return (
    <div className="menu" ref={ref}>
      <button
        type="button"
        className="bs-btn bs-btn--secondary"
        aria-haspopup="menu"
        aria-expanded={open && usable}
        disabled={!usable}
        title={why}
        onClick={() => setOpen((o) => !o)}
      >
        + Add
      </button>
      {open && usable ? (
        <ul className="menu__list" role="menu" aria-label="Add layer">
          {actions.map((action) => (
            <li key={action.id} role="none">
              <button
                type="button"
                role="menuitem"
                className="menu__item"
                data-action={action.id}
                disabled={!action.enabled(ctx)}
                title={tooltipOf(action, IS_MAC, ctx)}
                onClick={() => {
                  setOpen(false);
                  void action.perform(ctx);
                }}
              >
                <span className="menu__icon" aria-hidden="true">
                  {action.icon}
                </span>
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
