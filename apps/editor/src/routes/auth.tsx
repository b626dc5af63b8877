import { useAuth0 } from '@auth0/auth0-react';
import { LinkButton, LoadingOverlay } from '@beamstage/ui';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/auth')({ component: AuthCallback });

/** The sign-in callback: the auth provider exchanges the code, then onRedirectCallback navigates on. */
function AuthCallback() {
  const { error } = useAuth0();
  if (!error) return <LoadingOverlay text="Signing you in..." />;
  return (
    <main className="center-message">
      <h1>Sign-in did not complete</h1>
      <p role="alert">{error.message}</p>
      <LinkButton variant="primary" href="/sign-in">
        Try again
      </LinkButton>
    </main>
  );
}
