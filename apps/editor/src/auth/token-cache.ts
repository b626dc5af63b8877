import { InMemoryCache, type ICache } from '@auth0/auth0-react';

/** Where auth0-spa-js keeps tokens: in memory either way, never in localStorage (design.md rule 10). */
export type TokenCacheOptions = { cacheLocation: 'memory' } | { cache: ICache };

/**
 * In memory, with auth0-spa-js's own token worker where it can run: the worker sends refresh
 * tokens only to `{origin}/oauth/token`, so for a provider under a path (the embedded one at
 * `/idp`) it refuses every call; there the same in-memory cache is used on the page instead.
 */
export function tokenCacheOptions(domain: string): TokenCacheOptions {
  const base = /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
  let path = '';
  try {
    path = new URL(base).pathname.replace(/\/+$/, '');
  } catch {
    path = '';
  }
  return path === '' ? { cacheLocation: 'memory' } : { cache: new InMemoryCache().enclosedCache };
}
