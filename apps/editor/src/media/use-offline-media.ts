import type { Asset } from '@beamstage/layers';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { connectionLabel, liveIsOffline } from '../live/connection-label';
import { cacheProjectAssets, cachedBlobsByUrl } from '../services/asset-cache';
import { isLocalProjectId } from '../services/local-fallback';
import { browserLocalDb } from '../services/local-projects';
import { logger } from '../services/logger';
import type { EditorStore } from '../state/editor-store';

/** The cache pass waits this long after the assets change, so it never competes with the first paint or an upload burst. */
export const ASSET_CACHE_DELAY_MS = 1500;

export interface OfflineMedia {
  /** Media URL to the object URL of its local copy; empty until the api has been unreachable this session. */
  readonly local: ReadonlyMap<string, string>;
  /** Ids of the assets this browser holds a copy of. */
  readonly cachedIds: ReadonlySet<string>;
}

const NONE = new Map<string, string>();

async function fetchBlob(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.blob();
}

/**
 * Keeps a copy of the open project's media in the browser database (design.md section 2) and, once
 * the api could not be reached, has the stage draw from those copies for the rest of the session
 * (switching back and forth would reload every texture each time the network blinks).
 */
export function useOfflineMedia(projectId: string, store: EditorStore): OfflineMedia {
  const state = useSnapshot(store);
  const assets = (state.project?.assets ?? []) as readonly Asset[];
  const assetsKey = assets.map((a) => `${a.id}=${a.url ?? ''}`).join('|');
  const offline = liveIsOffline(connectionLabel(state.connection, state.docReady, state.liveUnavailable, state.viewOnly));
  const [wentOffline, setWentOffline] = useState(false);
  const [cached, setCached] = useState<{ urls: ReadonlyMap<string, string>; ids: ReadonlySet<string> }>({ urls: NONE, ids: new Set() });
  const objectUrls = useRef(new Map<string, { blob: Blob; url: string }>());

  useEffect(() => {
    if (offline) setWentOffline(true);
  }, [offline]);

  useEffect(() => {
    if (isLocalProjectId(projectId) || !assetsKey) return;
    let cancelled = false;
    const list = (store.project?.assets ?? []) as readonly Asset[];
    const timer = window.setTimeout(async () => {
      try {
        const db = await browserLocalDb();
        // Offline: read what is held; online: copy what is missing first.
        if (!offline) await cacheProjectAssets(projectId, list, { db, fetchBlob });
        const blobs = await cachedBlobsByUrl(projectId, list, db);
        if (cancelled) return;
        const urls = new Map<string, string>();
        for (const [src, blob] of blobs) {
          const known = objectUrls.current.get(src);
          const entry = known && known.blob.size === blob.size ? known : { blob, url: URL.createObjectURL(blob) };
          objectUrls.current.set(src, entry);
          urls.set(src, entry.url);
        }
        const ids = new Set(list.filter((a) => a.url && blobs.has(a.url)).map((a) => a.id));
        setCached({ urls, ids });
      } catch (error) {
        logger('assets').warn('The offline copy of the media could not be updated', error);
      }
    }, ASSET_CACHE_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [projectId, assetsKey, offline, store]);

  useEffect(() => {
    const held = objectUrls.current;
    return () => {
      for (const { url } of held.values()) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  return { local: wentOffline ? cached.urls : NONE, cachedIds: cached.ids };
}
