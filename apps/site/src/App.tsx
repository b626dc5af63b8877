import { Footer, applyTheme, readStoredTheme, themeForRoute } from '@beamstage/ui';
import { useEffect } from 'react';
import { DocsLayout } from './docs/DocsLayout';
import { usePathname } from './navigation';
import { Landing } from './pages/Landing';
import { PrivacyPolicy, TermsOfService } from './pages/Legal';
import { NotFound } from './pages/NotFound';
import { Pricing } from './pages/Pricing';
import { matchRoute, showsFooter } from './routes';
import type { SiteRoute } from './routes';

const TITLES: Record<SiteRoute['name'], string> = {
  landing: 'Beamstage: projection mapping for everyone',
  pricing: 'Pricing · Beamstage',
  'privacy-policy': 'Privacy Policy · Beamstage',
  'terms-of-service': 'Terms of Service · Beamstage',
  documentation: 'Documentation · Beamstage',
  'not-found': 'Page not found · Beamstage',
};

function RoutePage({ route }: { route: SiteRoute }) {
  switch (route.name) {
    case 'landing':
      return <Landing />;
    case 'pricing':
      return <Pricing />;
    case 'privacy-policy':
      return <PrivacyPolicy />;
    case 'terms-of-service':
      return <TermsOfService />;
    case 'documentation':
      return <DocsLayout docPath={route.docPath} />;
    case 'not-found':
      return <NotFound path={route.path} />;
  }
}

/** The site: one page per route, themed by route, with the shared footer where the spec shows it. */
export function App() {
  const pathname = usePathname();
  const route = matchRoute(pathname);
  useEffect(() => {
    document.title = TITLES[route.name];
    void applyTheme(themeForRoute(pathname, readStoredTheme()));
  }, [pathname, route.name]);
  return (
    <>
      <RoutePage route={route} />
      {showsFooter(route) ? <Footer /> : null}
    </>
  );
}
