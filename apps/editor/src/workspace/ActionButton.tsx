import type { ReactNode } from 'react';
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
  if (!action) return null;
  const enabled = action.enabled(ctx);
  return (
    <button
      type="button"
      className={className ?? 'action-button'}
      disabled={!enabled}
      title={tooltipOf(action, IS_MAC)}
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
