import type { ProjectJson } from '@beamstage/layers';
import { useEffect } from 'react';
import { renderProjectThumbnail } from '../services/scene-thumbnail';
import { browserProjectThumbnails } from '../services/project-thumbnails';
import type { Source } from '../state/source';
import { createThumbnailKeeper } from './thumbnail-keeper';

/** Quiet time before the card's picture is drawn again. */
const THUMBNAIL_DELAY_MS = 2000;

/** Keeps the dashboard card's picture of the open project (drawn when the document is quiet, and on leaving). */
export function useProjectThumbnail(projectId: string, document: Source<ProjectJson | null>): void {
  useEffect(() => {
    const thumbnails = browserProjectThumbnails();
    const keeper = createThumbnailKeeper({
      render: renderProjectThumbnail,
      save: (url) => thumbnails.put(projectId, url),
      delayMs: THUMBNAIL_DELAY_MS,
      setTimer: (fn, ms) => window.setTimeout(fn, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    });
    keeper.changed(document.get());
    const unsubscribe = document.subscribe(() => keeper.changed(document.get()));
    return () => {
      unsubscribe();
      // Leaving: the last state is drawn (the offscreen stage outlives the page).
      void keeper.flush().finally(() => keeper.dispose());
    };
  }, [projectId, document]);
}
