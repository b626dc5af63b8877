import type { DocHandle, StorageId, UrlHeads } from '@automerge/automerge-repo/slim';

/**
 * Whether everything in this document is stored on the server, given the heads the server last
 * confirmed for its storage. The server confirms only heads it has stored (its sync messages wait
 * for the database: libs/sync's node entry, store-before-confirm.ts), so equal heads mean stored.
 * When this peer holds every confirmed head, closure(confirmed) is inside the document, so the
 * document is stored exactly when the heads are the same; when it lacks one (others' changes on
 * their way), the answer is "not yet", never a "saved" that might be false.
 */
export function isStoredOnServer(localHeads: readonly string[], confirmedHeads: readonly string[] | undefined): boolean {
  if (!confirmedHeads) return false;
  if (localHeads.length !== confirmedHeads.length) return false;
  const confirmed = new Set(confirmedHeads);
  return localHeads.every((head) => confirmed.has(head));
}

/**
 * Follows whether a document's changes are stored on the server: calls `onChange(saved)` now and
 * whenever the answer changes (a local or merged change, a confirmation from the server).
 * `serverStorageId` names the server's storage (null until a server was heard from); before any
 * server was heard from the answer is null ("unknown": nothing to wait for) while the document is
 * as it was when following began, and false once it changed. Returns the function that stops.
 */
export function watchServerSaved(handle: DocHandle<unknown>, serverStorageId: () => StorageId | null, onChange: (saved: boolean | null) => void): () => void {
  let last: boolean | null | undefined;
  const initial = handle.heads();
  const check = () => {
    const storageId = serverStorageId();
    const heads = handle.heads();
    let saved: boolean | null;
    if (storageId) saved = isStoredOnServer(heads, handle.getSyncInfo(storageId)?.lastHeads as UrlHeads | undefined);
    else saved = isStoredOnServer(heads, initial) ? null : false;
    if (saved === last) return;
    last = saved;
    onChange(saved);
  };
  handle.on('heads-changed', check);
  handle.on('remote-heads', check);
  check();
  return () => {
    handle.off('heads-changed', check);
    handle.off('remote-heads', check);
  };
}
