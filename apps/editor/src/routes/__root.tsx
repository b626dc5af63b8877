import { LinkButton } from '@beamstage/ui';
import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AppChrome } from '../shell/AppChrome';

export const Route = createRootRoute({
  component: () => (
    <AppChrome>
      <Outlet />
    </AppChrome>
  ),
  notFoundComponent: () => (
    <main className="center-message">
      <h1>Page not found</h1>
      <p>This address is not part of the studio.</p>
      <LinkButton variant="primary" href="/dashboard">
        Go to your dashboard
      </LinkButton>
    </main>
  ),
});
