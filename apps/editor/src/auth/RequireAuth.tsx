import { useAuth0 } from '@auth0/auth0-react';
import { LOADING_TEXTS, LoadingOverlay } from '@beamstage/ui';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { signInRedirectPath } from './redirect';

/**
 * The protected-route rule (spec section 2): wait for the auth provider, then send a signed-out
 * visitor to /sign-in with the full target path in redirect_url.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth0();
  const router = useRouter();
  const location = useRouterState({ select: (s) => s.location });
  const mustSignIn = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (mustSignIn) router.history.replace(signInRedirectPath({ pathname: location.pathname, search: location.searchStr, hash: location.hash ? `#${location.hash}` : '' }));
  }, [mustSignIn, router, location.pathname, location.searchStr, location.hash]);
  if (!isAuthenticated) return <LoadingOverlay text={LOADING_TEXTS.default} />;
  return <>{children}</>;
}
