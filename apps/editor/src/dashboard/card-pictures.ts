import type { ProjectSummary } from '../api/client';

/**
 * The dashboard cards' pictures, read from this browser's store while the list shows. A picture
 * kept after the read began (an editor closing draws one) is newer than what the read found, so
 * the read never overwrites it.
 */
export interface PictureRead {
  /** The ids whose picture arrived by `onPut` since this read began. */
  readonly putSince: Set<string>;
}

/** Starts tracking the pictures kept while a read of the store is under way. */
export const startPictureRead = (): PictureRead => ({ putSince: new Set() });

/**
 * The list as shown now with the pictures a read found, merged by id: the shown list may have
 * changed since the read began (another picture patched in, a card renamed or published), and
 * those changes stay.
 */
export function withReadPictures(shown: readonly ProjectSummary[], pictures: ReadonlyMap<string, string | null>, read: PictureRead): ProjectSummary[] {
  return shown.map((p) => {
    const picture = pictures.get(p.id);
    return picture && !read.putSince.has(p.id) ? { ...p, thumbnail: picture } : p;
  });
}
