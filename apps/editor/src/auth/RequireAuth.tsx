import { useAuth0 } from '@auth0/auth0-react';
import { LOADING_TEXTS, LoadingOverlay } from '@beamstage/ui';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { signInRedirectPath } from './redirect';

/**
 * The protected-route rule (spec section 2): wait for the auth provider, then send a signed-out
 * visitor to /sign-in with the full target path in redirect_url.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth0();
  const router = useRouter();
  // The target is where the visitor was when this guard mounted; once redirected, never again
  // (the guard may re-render during the route transition with /sign-in as the location).
  const target = useRef(router.state.location);
  const redirected = useRef(false);
  const mustSignIn = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (!mustSignIn || redirected.current) return;
    redirected.current = true;
    const { pathname, searchStr, hash } = target.current;
    router.history.replace(signInRedirectPath({ pathname, search: searchStr, hash: hash ? `#${hash}` : '' }));
  }, [mustSignIn, router]);
  if (!isAuthenticated) return <LoadingOverlay text={LOADING_TEXTS.default} />;
  return <>{children}</>;
}
