import { useAuth0 } from '@auth0/auth0-react';
import { LoadingOverlay } from '@beamstage/ui';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

export const Route = createFileRoute('/sso-callback')({ component: SsoCallback });

const CHECK_EVERY_MS = 100;
const GIVE_UP_AFTER_MS = 10_000;
const HASH_CLEAR_DELAY_MS = 500;

/** Single-sign-on callback (spec section 2): clears the callback hash, then goes to the dashboard. */
function SsoCallback() {
  const auth = useAuth0();
  const router = useRouter();
  const latest = useRef(auth);
  latest.current = auth;
  useEffect(() => {
    const started = Date.now();
    let hashTimer = 0;
    const timer = window.setInterval(() => {
      const { isLoading, isAuthenticated } = latest.current;
      if (!isLoading && window.location.hash.includes('sso-callback') && !hashTimer) {
        hashTimer = window.setTimeout(() => history.replaceState(null, '', window.location.pathname + window.location.search), HASH_CLEAR_DELAY_MS);
      }
      if (!isLoading && isAuthenticated) {
        window.clearInterval(timer);
        router.history.replace('/dashboard');
      } else if (Date.now() - started > GIVE_UP_AFTER_MS) {
        window.clearInterval(timer);
      }
    }, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(hashTimer);
    };
  }, [router]);
  return <LoadingOverlay />;
}
