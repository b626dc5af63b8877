/** The site's own routes (spec section 2) and the pure matcher the app renders from. */

export type SiteRoute =
  | { readonly name: 'landing' }
  | { readonly name: 'pricing' }
  | { readonly name: 'privacy-policy' }
  | { readonly name: 'terms-of-service' }
  | { readonly name: 'documentation'; readonly docPath: string }
  | { readonly name: 'not-found'; readonly path: string };

/** Matches a pathname to a site route; anything unknown is the 404 page. */
export function matchRoute(pathname: string): SiteRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return { name: 'landing' };
  if (path === '/pricing') return { name: 'pricing' };
  if (path === '/privacy-policy') return { name: 'privacy-policy' };
  if (path === '/terms-of-service') return { name: 'terms-of-service' };
  if (path === '/documentation') return { name: 'documentation', docPath: '' };
  if (path.startsWith('/documentation/')) return { name: 'documentation', docPath: path.slice('/documentation/'.length) };
  return { name: 'not-found', path };
}

/** Whether a same-origin link stays inside the site (client-side navigation) or loads another app. */
export function isSitePath(pathname: string): boolean {
  return matchRoute(pathname).name !== 'not-found';
}

/** The shared footer is hidden on landing and documentation pages (spec section 2). */
export function showsFooter(route: SiteRoute): boolean {
  return route.name !== 'landing' && route.name !== 'documentation';
}
