import { useAuth0 } from '@auth0/auth0-react';
import { useCallback } from 'react';
import { DEFAULT_REVERIFICATION, needsReverification, parsePendingAction, PENDING_REVERIFIED_ACTION_KEY, reverificationParams } from './reverification';
import type { PendingAction, ReverificationPreset } from './reverification';

/** The action that waited for the sign-in that just happened, once (null when none). */
export function takePendingAction(): PendingAction | null {
  const raw = window.sessionStorage.getItem(PENDING_REVERIFIED_ACTION_KEY);
  window.sessionStorage.removeItem(PENDING_REVERIFIED_ACTION_KEY);
  return parsePendingAction(raw);
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
