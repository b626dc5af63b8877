import { useCallback, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { getVersion, subscribe } from 'valtio';
import type { Action } from '../actions/action';
import { tooltipOf } from '../actions/describe';
import { IS_MAC } from '../actions/use-action-keys';

export interface ActionButtonProps<C> {
  action: Action<C> | undefined;
  ctx: C;
  /** Defaults to the action's icon, else its label. */
  children?: ReactNode;
  className?: string;
  /** Shows the label beside the icon. */
  withLabel?: boolean;
}

/** A toolbar or menu button that is a view of an action: label, tooltip with shortcut, enabled rule. */
export function ActionButton<C>({ action, ctx, children, className, withLabel }: ActionButtonProps<C>) {
  const enabled = useActionEnabled(action, ctx);
  if (!action) return null;
  return (
    <button
      type="button"
      className={className ?? 'action-button'}
      disabled={!enabled}
      title={tooltipOf(action, IS_MAC, ctx)}
      aria-label={action.label}
      data-action={action.id}
      onClick={() => void action.perform(ctx)}
    >
      {children ?? (
        <>
          {action.icon ? <span aria-hidden="true">{action.icon}</span> : null}
          {withLabel || !action.icon ? <span>{action.label}</span> : null}
        </>
      )}
    </button>
  );
}

/**
 * Whether the action is enabled now. Its rule reads the editor's stores, so the button follows them
 * itself (re-rendering only when the answer changes) instead of relying on its page to re-render.
 */
function useActionEnabled<C>(action: Action<C> | undefined, ctx: C): boolean {
  const stores = ctx as { store?: object; session?: object };
  const listen = useCallback(
    (onChange: () => void) => {
      const offs = [stores.store, stores.session]
        .filter((s): s is object => typeof s === 'object' && s !== null && getVersion(s) !== undefined)
        .map((s) => subscribe(s, onChange));
      return () => offs.forEach((off) => off());
    },
    [stores.store, stores.session],
  );
  const read = () => (action ? action.enabled(ctx) : false);
  return useSyncExternalStore(listen, read, read);
}
