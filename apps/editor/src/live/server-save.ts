/** The top bar while live edits wait for the server to store them. */
export const SERVER_SAVING = 'Saving…';
/** The top bar once every live edit is stored on the server (not only on this device). */
export const SERVER_SAVED = 'Saved';

/**
 * The save line for live work, from the store's `serverSaved`: "Saved" means stored on the server
 * (libs/sync's watchSaved: the server confirms only heads it has stored); null when nothing is
 * known (no live document, or no server heard from and nothing changed), so the caller keeps its
 * own line.
 */
export function serverSaveLabel(serverSaved: boolean | null): string | null {
  if (serverSaved === null) return null;
  return serverSaved ? SERVER_SAVED : SERVER_SAVING;
}

/** Where the leave warning listens (window in the app, a plain EventTarget in tests). */
export interface LeaveTarget {
  addEventListener(type: 'beforeunload', listener: (event: { preventDefault(): void }) => void): void;
  removeEventListener(type: 'beforeunload', listener: (event: { preventDefault(): void }) => void): void;
}

/**
 * Asks before the page is left while `pending()` holds (edits not yet stored on the server; the
 * browser shows its own wording). Returns the function that stops asking.
 */
export function warnOnLeave(target: LeaveTarget, pending: () => boolean): () => void {
  const listener = (event: { preventDefault(): void }) => {
    if (pending()) event.preventDefault();
  };
  target.addEventListener('beforeunload', listener);
  return () => target.removeEventListener('beforeunload', listener);
}
