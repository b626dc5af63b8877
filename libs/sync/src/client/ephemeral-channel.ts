/** The ephemeral side of a document handle: handle.broadcast and its "ephemeral-message" event. */
export interface EphemeralChannel {
  broadcast(message: unknown): void;
  /** Calls back with each message another peer broadcast; returns the unsubscribe function. */
  subscribe(listener: (message: unknown, senderId: string) => void): () => void;
}

interface HandleLike {
  broadcast(message: unknown): void;
  on(event: 'ephemeral-message', cb: (payload: { message: unknown; senderId: string }) => void): unknown;
  off(event: 'ephemeral-message', cb: (payload: { message: unknown; senderId: string }) => void): unknown;
}

/** The ephemeral channel of an automerge-repo DocHandle. */
export function channelOf(handle: HandleLike): EphemeralChannel {
  return {
    broadcast: (message) => handle.broadcast(message),
    subscribe(listener) {
      const cb = ({ message, senderId }: { message: unknown; senderId: string }) => listener(message, senderId);
      handle.on('ephemeral-message', cb);
      return () => void handle.off('ephemeral-message', cb);
    },
  };
}
