import { browserClock } from '@beamstage/stage';
import { applyTheme, readStoredTheme, THEME_CHANGED_EVENT, themeForRoute } from '@beamstage/ui';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { createNavigationLoadingFlag } from '../state/navigation-loading';
import { uiStore } from '../state/ui-store';
import { useNavigationCleanup } from './use-navigation-cleanup';
import { useSpaLinks } from './use-spa-links';

/** Around every editor route: theme by route, the 150 ms navigation flag, toasts. */
export function AppChrome({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const ui = useSnapshot(uiStore);
  useNavigationCleanup(router);
  useSpaLinks(router);

  useEffect(() => {
    const apply = () => void applyTheme(themeForRoute(pathname, readStoredTheme()));
    apply();
    window.addEventListener(THEME_CHANGED_EVENT, apply);
    return () => window.removeEventListener(THEME_CHANGED_EVENT, apply);
  }, [pathname]);

  useEffect(() => {
    const flag = createNavigationLoadingFlag((loading) => {
      uiStore.navigationLoading = loading;
    }, browserClock());
    const unsubscribe = router.subscribe('onResolved', (event) => {
      if (event.pathChanged) flag.navigated();
    });
    return () => {
      unsubscribe();
      flag.dispose();
    };
  }, [router]);

  return (
    <>
      <div className={ui.navigationLoading ? 'nav-progress nav-progress--on' : 'nav-progress'} role="progressbar" aria-hidden={!ui.navigationLoading} />
      {children}
      <div className="toasts" aria-live="polite">
        {ui.toasts.map((t) => (
          <div key={t.id} className={`toast toast--${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
            {t.text}
          </div>
        ))}
      </div>
    </>
  );
}
