/**
 * The signed-in user's access token, if the editor has one cached on this origin. The editor keeps
 * its Auth0 session in localStorage; the site reads that cache only (no redirect, no network to the
 * identity provider), so a signed-out visitor simply has no token.
 */
export async function cachedAccessToken(fetchFn: typeof fetch = (...a) => fetch(...a)): Promise<string | undefined> {
  try {
    const response = await fetchFn('/api/config', { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    const config = (await response.json()) as { auth?: { domain?: string; clientId?: string; audience?: string } };
    const { domain, clientId, audience } = config.auth ?? {};
    if (!domain || !clientId) return undefined;
    // Loaded on demand: the marketing pages should not pay for the auth client up front.
    const { Auth0Client } = await import('@auth0/auth0-spa-js');
    const client = new Auth0Client({
      domain,
      clientId,
      cacheLocation: 'localstorage',
      // Same options as the editor's provider, so the cache key (scope includes offline_access) matches.
      useRefreshTokens: true,
      useRefreshTokensFallback: false,
      authorizationParams: { audience, redirect_uri: `${window.location.origin}/auth` },
    });
    return await client.getTokenSilently({ cacheMode: 'cache-only' });
  } catch {
    return undefined;
  }
}
