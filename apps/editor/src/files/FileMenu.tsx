import { useEffect, useRef, useState } from 'react';
import type { Action } from '../actions/action';
import { tooltipOf } from '../actions/describe';
import { IS_MAC } from '../actions/use-action-keys';

export interface FileMenuProps<C> {
  /** The registry's "file" group, in menu order. */
  actions: readonly Action<C>[];
  ctx: C;
}

/** "Project" in the top bar: save, import, export and backups, each an action of the registry. */
export function FileMenu<C>({ actions, ctx }: FileMenuProps<C>) {
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
  return (
    <div className="menu" ref={ref}>
      <button type="button" className="bs-btn bs-btn--secondary" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Project ▾
      </button>
      {open ? (
        <ul className="menu__list" role="menu" aria-label="Project">
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
