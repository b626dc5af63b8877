import type { Message } from '@automerge/automerge-repo';

/**
 * What the gate needs from the server: store a document now (resolves once everything the
 * document holds at the call is in the database), deliver a message, and hear of a failed store.
 */
export interface StoreBeforeConfirmOptions {
  /**
   * Stores the document as it is when the store begins (never in the same tick as the message:
   * automerge-repo generates a reply inside its handle update, before the handle holds the
   * document the reply speaks of); rejects when that document lacks `heads` (hex), the heads the
   * message carries. Stores asked for meanwhile share the next one, which carries every heads asked.
   */
  store(documentId: string, heads: readonly string[]): Promise<void>;
  /** The heads a sync message carries (what the peer will take as stored). */
  headsOf(message: Message): readonly string[];
  deliver(message: Message): void;
  /** A store failed: the message was not delivered, so the peer's sync state is broken; close its socket. */
  onStoreFailed(message: Message, error: unknown): void;
}

/** Sends a message once the document it speaks about is stored. */
export type ConfirmingSend = (message: Message) => void;

/**
 * Holds every outgoing sync message until the document it was generated from is stored.
 *
 * automerge-repo stores a document on a throttle (100 ms) but answers a peer's change at once, and
 * the answer carries the server's heads: that is the author's confirmation (its sync info for the
 * server's storage id). A kill -9 between the two lost edits the author had been told the server
 * had. Here a sync message leaves only after a store that began after it was generated has
 * finished, so every heads a peer hears from the server are in the database. Messages to one peer
 * keep their order (a later message never overtakes a held one); stores of one document are
 * coalesced: one runs, and everyone who asks meanwhile shares the single store after it.
 */
export function createStoreBeforeConfirm(options: StoreBeforeConfirmOptions): ConfirmingSend {
  type Entry = {
    running: Promise<void>;
    next: Promise<void> | null;
    nextHeads: Set<string>;
  };
  const stores = new Map<string, Entry>();
  const storeNow = (documentId: string, heads: readonly string[]): Promise<void> => {
    const current = stores.get(documentId);
    if (current) {
      // A store is running with an older document: one more after it covers this message.
      for (const head of heads) current.nextHeads.add(head);
      current.next ??= current.running
        .catch(() => undefined)
        .then(() => {
          current.next = null;
          if (stores.get(documentId) === current) stores.delete(documentId);
          return storeNow(documentId, [...current.nextHeads]);
        });
      return current.next;
    }
    const entry: Entry = {
      running: Promise.resolve(),
      next: null,
      nextHeads: new Set(),
    };
    // Begun a tick later: the caller may be inside automerge-repo's handle update (see store()).
    entry.running = Promise.resolve()
      .then(() => options.store(documentId, heads))
      .finally(() => {
        if (stores.get(documentId) === entry && !entry.next) stores.delete(documentId);
      });
    stores.set(documentId, entry);
    return entry.running;
  };

  const lanes = new Map<string, { tail: Promise<void>; pending: number }>();
  return (message) => {
    const documentId = message.type === 'sync' && 'documentId' in message ? (message.documentId as string) : null;
    const target = message.targetId as string;
    const lane = lanes.get(target);
    if (!documentId && !lane) return options.deliver(message);
    const current = lane ?? { tail: Promise.resolve(), pending: 0 };
    lanes.set(target, current);
    current.pending++;
    // The store starts now, beside earlier held messages; delivery waits for them and for it.
    const stored = documentId
      ? storeNow(documentId, options.headsOf(message)).then(
          () => true,
          (error: unknown) => {
            options.onStoreFailed(message, error);
            return false;
          },
        )
      : Promise.resolve(true);
    current.tail = current.tail
      .then(() => stored)
      .then((ok) => {
        if (ok) options.deliver(message);
      })
      .catch(() => undefined) // a socket that closed meanwhile: the peer resyncs on reconnect
      .finally(() => {
        if (--current.pending === 0 && lanes.get(target) === current) lanes.delete(target);
      });
  };
}
