import type { Scene } from '@beamstage/layers';
import { useEffect, useMemo } from 'react';
import { renderSceneThumbnail } from '../../services/scene-thumbnail';
import type { EditorStore } from '../../state/editor-store';
import { createThumbnailQueue } from './thumbnail-queue';

/** Keeps store.sceneThumbnails rendered from the stage for the scenes shown (throttled, changed scenes only). */
export function useSceneThumbnails(store: EditorStore, scenes: readonly Scene[]): void {
  const queue = useMemo(
    () =>
      createThumbnailQueue({
        render: renderSceneThumbnail,
        onThumbnail: (id, url) => {
          if (url) store.sceneThumbnails[id] = url;
          else delete store.sceneThumbnails[id];
        },
        setTimer: (fn, ms) => window.setTimeout(fn, ms),
        clearTimer: (h) => window.clearTimeout(h as number),
      }),
    [store],
  );
  useEffect(() => () => queue.dispose(), [queue]);
  useEffect(() => queue.update(scenes), [queue, scenes]);
}
