import { useAuth0 } from '@auth0/auth0-react';
import { useCallback } from 'react';
import { DEFAULT_REVERIFICATION, needsReverification, PENDING_REVERIFIED_ACTION_KEY, reverificationParams } from './reverification';
import type { ReverificationPreset } from './reverification';

/** An action that waited for a fresh sign-in (kept across the provider's redirect in this tab only). */
export interface PendingAction {
  readonly kind: 'delete-project';
  readonly id: string;
}

/** The action that waited for the sign-in that just happened, once (null when none). */
export function takePendingAction(): PendingAction | null {
  const raw = window.sessionStorage.getItem(PENDING_REVERIFIED_ACTION_KEY);
  window.sessionStorage.removeItem(PENDING_REVERIFIED_ACTION_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingAction>;
    return value.kind === 'delete-project' && typeof value.id === 'string' ? { kind: value.kind, id: value.id } : null;
  } catch {
    return null;
  }
}

/**
 * Before a destructive or billing action: true when the last sign-in is inside the window; else the
 * action is remembered, the person is sent to sign in again (max_age) and comes back to `returnTo`,
 * where the page asks again (false: do nothing now).
 */
export function useReverify(preset: ReverificationPreset = DEFAULT_REVERIFICATION) {
  const { getIdTokenClaims, loginWithRedirect } = useAuth0();
  return useCallback(
    async (action: PendingAction, returnTo: string): Promise<boolean> => {
      const claims = await getIdTokenClaims();
      if (!needsReverification(claims?.auth_time, Date.now(), preset)) return true;
      window.sessionStorage.setItem(PENDING_REVERIFIED_ACTION_KEY, JSON.stringify(action));
      await loginWithRedirect({ appState: { returnTo }, authorizationParams: reverificationParams() });
      return false;
    },
    [getIdTokenClaims, loginWithRedirect, preset],
  );
}
