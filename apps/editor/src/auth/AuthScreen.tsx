import { useAuth0 } from '@auth0/auth0-react';
import { Button, Footer, LogoMark } from '@beamstage/ui';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { safeReturnPath } from './redirect';

export type AuthMode = 'sign-in' | 'sign-up';

const COPY: Record<AuthMode, { title: string; lead: string; action: string; switchText: string; switchLink: string; switchHref: string }> = {
  'sign-in': {
    title: 'Welcome back',
    lead: 'Sign in to open your projects, map new surfaces and run your shows.',
    action: 'Continue to sign in',
    switchText: 'New to Beamstage?',
    switchLink: 'Create an account',
    switchHref: '/sign-up',
  },
  'sign-up': {
    title: 'Create your studio',
    lead: 'A free account gets you three projects, a projector on any browser and real-time collaboration.',
    action: 'Continue to sign up',
    switchText: 'Already have an account?',
    switchLink: 'Sign in instead',
    switchHref: '/sign-in',
  },
};

/** /sign-in and /sign-up: hand over to the identity provider, then come back to redirect_url. */
export function AuthScreen({ mode, redirectUrl }: { mode: AuthMode; redirectUrl?: string }) {
  const { isLoading, isAuthenticated, loginWithRedirect, error } = useAuth0();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const returnTo = safeReturnPath(redirectUrl);
  const copy = COPY[mode];

  useEffect(() => {
    if (!isLoading && isAuthenticated) router.history.replace(returnTo);
  }, [isLoading, isAuthenticated, returnTo, router]);

  const start = () => {
    setBusy(true);
    void loginWithRedirect({
      appState: { returnTo },
      authorizationParams: mode === 'sign-up' ? { screen_hint: 'signup' } : {},
    }).catch(() => setBusy(false));
  };

  const switchHref = redirectUrl ? `${copy.switchHref}?redirect_url=${encodeURIComponent(returnTo)}` : copy.switchHref;
  return (
    <>
      <main className="auth-screen">
        <div className="auth-screen__art" aria-hidden="true">
          <div className="auth-screen__beam" />
          <p className="auth-screen__quote">“We mapped a cathedral from three laptops and a borrowed projector.”</p>
        </div>
        <section className="auth-card">
          <a className="bs-logo" href="/">
            <LogoMark size={30} />
            <span>Beamstage</span>
          </a>
          <h1>{copy.title}</h1>
          <p className="auth-card__lead">{copy.lead}</p>
          {error ? (
            <p className="auth-card__error" role="alert">
              {error.message}
            </p>
          ) : null}
          <Button variant="primary" size="lg" onClick={start} disabled={isLoading || busy} data-testid="auth-continue">
            {busy ? 'Redirecting…' : copy.action}
          </Button>
          <p className="auth-card__switch">
            {copy.switchText} <a href={switchHref}>{copy.switchLink}</a>
          </p>
        </section>
      </main>
      <Footer />
    </>
  );
}
