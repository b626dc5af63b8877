import type { AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { logger } from '../services/logger';
import { activeStageTextureTrim } from '../stage/active-stage';
import { cleanupOnNavigation, trackAnimationFrames, trackKeyListeners } from './navigation-cleanup';
import type { FrameTracker, KeyListenerTracker, NavigationCleanupReport } from './navigation-cleanup';

let trackers: { frames: FrameTracker; keys: KeyListenerTracker } | null = null;

/** Installed once per page, before any editor page registers a frame or a key listener it could leak. */
function installTrackers() {
  trackers ??= { frames: trackAnimationFrames(window), keys: trackKeyListeners([window, document]) };
  return trackers;
}

/**
 * HTML layer and user-code frames left in the page are emptied and removed (every frame the stage
 * makes for user code or a web page carries a sandbox attribute).
 */
function forceCleanHtmlFrames(): number {
  const frames = [...document.querySelectorAll<HTMLIFrameElement>('iframe[sandbox]')];
  for (const frame of frames) {
    frame.src = 'about:blank';
    frame.remove();
  }
  return frames.length;
}

/** The last navigation's cleanup, for the debug helper and tests (read-only). */
export let lastNavigationCleanup: NavigationCleanupReport | null = null;

/**
 * Spec section 2: on every navigation (the path changes) pending animation frames and keyboard
 * listeners are released, HTML layer frames force-cleaned and a texture cache over 50 entries
 * trimmed, before the next page renders.
 */
export function useNavigationCleanup(router: AnyRouter): void {
  useEffect(() => {
    const { frames, keys } = installTrackers();
    return router.subscribe('onBeforeNavigate', (event) => {
      if (!event.pathChanged) return;
      lastNavigationCleanup = cleanupOnNavigation({ frames, keys, forceCleanHtmlFrames, trimTextures: activeStageTextureTrim() });
      logger('startup').debug('Navigation cleanup', lastNavigationCleanup);
    });
  }, [router]);
}
