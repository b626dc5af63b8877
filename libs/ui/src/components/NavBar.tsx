import type { ReactNode } from 'react';
import { Logo } from './Logo';

export interface NavLink {
  readonly href: string;
  readonly label: string;
}

/** The sticky top bar shared by the site and the dashboard. */
export function NavBar({
  links = [],
  current,
  actions,
  homeHref = '/',
}: {
  links?: readonly NavLink[];
  current?: string;
  actions?: ReactNode;
  homeHref?: string;
}) {
  return (
    <header className="bs-nav">
      <Logo href={homeHref} />
      <nav className="bs-nav__links" aria-label="Main">
        {links.map((link) => (
          <a key={link.href} href={link.href} aria-current={current !== undefined && isCurrent(current, link.href) ? 'page' : undefined}>
            {link.label}
          </a>
        ))}
      </nav>
      <div className="bs-nav__actions">{actions}</div>
    </header>
  );
}

function isCurrent(current: string, href: string): boolean {
  return href === '/' ? current === '/' : current === href || current.startsWith(`${href}/`);
}
