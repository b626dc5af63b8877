/**
 * The signed-in user's access token, if they have a session with the sign-in provider. Tokens are
 * never in localStorage (design.md rule 10; the editor keeps its own in memory), so the site asks
 * the provider itself: a hidden iframe with prompt=none on the provider's session cookie. A
 * signed-out visitor gets `login_required` there and simply has no token.
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
      // In memory for this page only; no refresh token is asked for (no token worker either).
      cacheLocation: 'memory',
      useRefreshTokens: false,
      authorizationParams: { audience, redirect_uri: `${window.location.origin}/auth` },
    });
    return await client.getTokenSilently();
  } catch {
    return undefined;
  }
}
