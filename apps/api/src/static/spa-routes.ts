/** The three SPAs the api serves (each built by Vite with base /app/<app>/ into apps/<app>/dist). */
export type SpaName = 'editor' | 'projector' | 'site';

export const SPA_NAMES: readonly SpaName[] = ['editor', 'projector', 'site'];

/** Which SPA's index.html answers a path (spec section 2), or null for none (then: site 404). */
export function spaForPath(pathname: string): SpaName | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (p === '/' || p === '/pricing' || p === '/privacy-policy' || p === '/terms-of-service' || p === '/documentation' || p.startsWith('/documentation/'))
    return 'site';
  if (p === '/dashboard' || p === '/sign-in' || p === '/sign-up' || p === '/auth' || p === '/sso-callback' || p.startsWith('/editor/') || p === '/editor')
    return 'editor';
  if (p.startsWith('/projector/')) return 'projector';
  return null;
}

/** The /documentation target of a /docs path, or null when the path is not under /docs. */
export function docsRedirect(pathname: string, search: string): string | null {
  if (pathname === '/docs' || pathname === '/docs/') return `/documentation${search}`;
  if (pathname.startsWith('/docs/')) return `/documentation/${pathname.slice('/docs/'.length)}${search}`;
  return null;
}
