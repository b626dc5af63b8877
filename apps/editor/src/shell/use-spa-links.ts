import type { AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { inAppPath } from './spa-links';

/** Clicks on plain links to the app's own pages navigate through the router (see spa-links.ts). */
export function useSpaLinks(router: AnyRouter): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const path = inAppPath(
        {
          button: event.button,
          metaKey: event.metaKey,
          ctrlKey: event.ctrlKey,
          shiftKey: event.shiftKey,
          altKey: event.altKey,
          defaultPrevented: event.defaultPrevented,
          href: anchor.href,
          target: anchor.target,
          download: anchor.hasAttribute('download'),
        },
        window.location.origin,
      );
      if (path === null) return;
      event.preventDefault();
      void router.navigate({ href: path });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);
}
