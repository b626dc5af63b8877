// The dashboard's picture of each project: its canvas as this browser last drew it, kept beside
// the local copies (the list route carries no artwork; a project never opened here keeps its
// generated art). A data URL a few kilobytes long per project.
import localforage from 'localforage';
import type { KvStore } from './local-db';

/** Longest thumbnail kept: a 160 px JPEG is 3-10 KB; anything far larger is not one. */
export const MAX_THUMBNAIL_CHARS = 200_000;

export interface ProjectThumbnails {
  get(projectId: string): Promise<string | null>;
  put(projectId: string, dataUrl: string): Promise<void>;
  remove(projectId: string): Promise<void>;
  /** Hears each picture kept (a dashboard open while an editor closes shows it at once). */
  onPut(listener: (projectId: string, dataUrl: string) => void): () => void;
}

/** A base64 JPEG, PNG or WebP data URL and nothing else: the card puts it in a CSS url(). */
const THUMBNAIL_PATTERN = /^data:image\/(?:jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const isThumbnail = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_THUMBNAIL_CHARS && THUMBNAIL_PATTERN.test(value);

/** Thumbnails over a key-value store; a failing store loses a picture, never a project. */
export function createProjectThumbnails(store: KvStore): ProjectThumbnails {
  const listeners = new Set<(projectId: string, dataUrl: string) => void>();
  return {
    async get(projectId) {
      try {
        const value = await store.getItem<unknown>(projectId);
        return isThumbnail(value) ? value : null;
      } catch {
        return null;
      }
    },
    async put(projectId, dataUrl) {
      if (!isThumbnail(dataUrl)) return;
      const kept = await store.setItem(projectId, dataUrl).then(
        () => true,
        () => false,
      );
      if (kept) for (const listener of listeners) listener(projectId, dataUrl);
    },
    async remove(projectId) {
      await store.removeItem(projectId).catch(() => undefined);
    },
    onPut(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

let browser: ProjectThumbnails | null = null;

/** The browser's thumbnails, in the local database beside the projects. */
export function browserProjectThumbnails(): ProjectThumbnails {
  browser ??= createProjectThumbnails(localforage.createInstance({ name: 'beamstage', storeName: 'projectThumbnails' }));
  return browser;
}
