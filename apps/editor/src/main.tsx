import { Auth0Provider } from '@auth0/auth0-react';
import type { AppState } from '@auth0/auth0-react';
import { LoadingOverlay } from '@beamstage/ui';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from './api/runtime-config';
import { safeReturnPath } from './auth/redirect';
import { tokenCacheOptions } from './auth/token-cache';
import { router } from './router';
// In this order (the cascade of the old single sheet): app chrome, sign-in, dashboard, the editor page.
import './shell/app-chrome.css';
import './shell/dialog.css';
import './auth/auth.css';
import './dashboard/dashboard-page.css';
import './workspace/editor-page.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
root.render(<LoadingOverlay />);

loadRuntimeConfig().then(
  (config) => {
    root.render(
      <StrictMode>
        <Auth0Provider
          domain={config.auth.domain}
          clientId={config.auth.clientId}
          authorizationParams={{ audience: config.auth.audience, redirect_uri: `${window.location.origin}/auth` }}
          // Tokens stay in memory, never in localStorage (design.md rule 10). Refresh tokens (rotated on
          // every use) renew them while the page lives; after a reload the SDK signs in again in a
          // hidden iframe (prompt=none) on the provider's session cookie.
          {...tokenCacheOptions(config.auth.domain)}
          useRefreshTokens
          useRefreshTokensFallback
          onRedirectCallback={(appState?: AppState) => void router.history.replace(safeReturnPath(appState?.['returnTo']))}
        >
          <RouterProvider router={router} />
        </Auth0Provider>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    root.render(
      <main className="center-message">
        <h1>The studio cannot start</h1>
        <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
        <p>Check that the Beamstage server is running, then reload this page.</p>
      </main>,
    );
  },
);
