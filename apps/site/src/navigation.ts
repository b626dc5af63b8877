import { useSyncExternalStore } from 'react';
import { isSitePath } from './routes';

const NAVIGATE_EVENT = 'beamstage:navigate';

/** Pushes a site path without reloading, and tells the app to re-render. */
export function navigate(to: string): void {
  window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
  window.scrollTo(0, 0);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

// The api serves the site at its routes; `vite dev`/`vite preview` serve it under the base path.
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

function currentPath(): string {
  const path = window.location.pathname;
  return BASE && path.startsWith(BASE) ? path.slice(BASE.length) || '/' : path;
}

/** The current pathname, updated on client-side navigation and back/forward. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPath, () => '/');
}

/**
 * Turns clicks on plain links to site paths into client-side navigation. Links to the editor,
 * projector or other origins load normally: they are other apps.
 */
export function installLinkInterceptor(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || !isSitePath(url.pathname)) return;
    event.preventDefault();
    if (url.pathname === window.location.pathname && url.hash) {
      document.getElementById(url.hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
      return;
    }
    navigate(url.pathname + url.search + url.hash);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
