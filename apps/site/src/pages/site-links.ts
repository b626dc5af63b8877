import type { NavLink } from '@beamstage/ui';

/** Top navigation of the site. */
export const SITE_LINKS: readonly NavLink[] = [
  { href: '/#features', label: 'Features' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/documentation', label: 'Docs' },
  { href: '/documentation/tutorials/overview', label: 'Tutorials' },
];
