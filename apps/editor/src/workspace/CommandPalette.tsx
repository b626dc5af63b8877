import { useMemo, useState } from 'react';
import type { ActionRegistry } from '../actions/registry';
import { ACTION_GROUP_LABELS } from '../actions/action';
import { formatShortcut } from '../actions/shortcut';

export interface CommandPaletteProps<C> {
  registry: ActionRegistry<C>;
  ctx: C;
  mac: boolean;
  onClose: () => void;
}

/** Ctrl/Cmd+K: search every action by name; Enter runs the highlighted one if it is enabled. */
export function CommandPalette<C>({ registry, ctx, mac, onClose }: CommandPaletteProps<C>) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const results = useMemo(() => registry.search(query), [registry, query]);
  const run = (index: number) => {
    const action = results[index];
    if (!action || !action.enabled(ctx)) return;
    onClose();
    void action.perform(ctx);
  };
  return (
    <div className="overlay-backdrop" onPointerDown={(event) => event.target === event.currentTarget && onClose()}>
      <section className="bs-dialog palette" role="dialog" aria-modal="true" aria-label="Command palette">
        <input
          className="palette__input"
          autoFocus
          placeholder="Type a command…"
          aria-label="Command"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
            else if (event.key === 'ArrowDown') setActive((a) => Math.min(results.length - 1, a + 1));
            else if (event.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
            else if (event.key === 'Enter') run(active);
            else return;
            event.preventDefault();
          }}
        />
        <ul className="palette__list" role="listbox" aria-label="Commands">
          {results.length === 0 ? <li className="palette__empty">No command matches “{query}”</li> : null}
          {results.map((action, index) => {
            const enabled = action.enabled(ctx);
            const first = action.shortcuts?.[0];
            return (
              <li
                key={action.id}
                role="option"
                aria-selected={index === active}
                aria-disabled={!enabled}
                title={enabled ? undefined : (action.disabledReason?.(ctx) ?? undefined)}
                data-action={action.id}
                className={`palette__item${index === active ? ' palette__item--active' : ''}${enabled ? '' : ' palette__item--disabled'}`}
                onPointerEnter={() => setActive(index)}
                onClick={() => run(index)}
              >
                <span className="palette__icon" aria-hidden="true">
                  {action.icon ?? ''}
                </span>
                <span className="palette__label">{action.label}</span>
                <span className="palette__group">{ACTION_GROUP_LABELS[action.group]}</span>
                {first ? <kbd>{formatShortcut(first, mac)}</kbd> : null}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
