// Plain links between the studio's own pages (the editor's home button, a project card) move in the
// page instead of loading it again: the editor opens from the dashboard at once, and the
// navigation rules of spec section 2 (shell/navigation-cleanup.ts) are what clean the page left.
// Links to the site (/pricing, /docs), to other origins, new tabs and downloads load as usual.

/** The paths this app routes itself (the site and the projector are other apps on the same origin). */
const APP_PATHS = [/^\/dashboard\/?$/, /^\/editor\/[^/]+\/?$/];

/** What a click on an anchor looks like (a MouseEvent and its anchor, or a test's plain object). */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  /** The anchor's resolved href, target and download attribute. */
  href: string;
  target: string;
  download: boolean;
}

/** The in-app path (with search and hash) to navigate to, or null when the browser should follow the link itself. */
export function inAppPath(click: LinkClick, currentOrigin: string): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if (click.download || (click.target !== '' && click.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(click.href, currentOrigin);
  } catch {
    return null;
  }
  if (url.origin !== currentOrigin) return null;
  if (!APP_PATHS.some((p) => p.test(url.pathname))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
