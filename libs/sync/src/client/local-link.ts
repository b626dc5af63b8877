import type { EphemeralChannel } from './ephemeral-channel';

/**
 * Same machine, no server hop: an editor and its projector windows in one browser
 * profile exchange the room's ephemeral messages (drag frames, output commands, projector presence,
 * the transport) and the editor's current project directly, so a local second screen follows at
 * display rate even when the server is far away or gone. The port is injected (BroadcastChannel in
 * the browser: ../browser/local-port.ts; a pair of in-memory ports in tests).
 */
export interface LocalPort {
  post(data: unknown): void;
  /** Calls back with each message another page posted; returns the unsubscribe function. */
  listen(listener: (data: unknown) => void): () => void;
  close(): void;
}

/** The editor's project as a local projector takes it (whole exchange JSON, validated by the receiver). */
export const LOCAL_PROJECT_KIND = 'local-project';

interface Envelope {
  v: 1;
  from: string;
  message: unknown;
}

const isEnvelope = (data: unknown): data is Envelope =>
  !!data &&
  typeof data === 'object' &&
  (data as Envelope).v === 1 &&
  typeof (data as Envelope).from === 'string' &&
  (data as Envelope).from.length <= 200 &&
  'message' in (data as object);

/**
 * The local link as an ephemeral channel. `selfId` is this page's peer id in the room (its Repo's
 * peerId), so a message that arrives both ways (server and local) has the same sender and the
 * receivers' dedupe (drag seq per sender, command ids) applies to both copies alike.
 */
export function createLocalLink(port: LocalPort, selfId: string): EphemeralChannel & { close(): void } {
  return {
    broadcast: (message) => port.post({ v: 1, from: selfId, message } satisfies Envelope),
    subscribe(listener) {
      return port.listen((data) => {
        if (isEnvelope(data) && data.from !== selfId) listener(data.message, data.from);
      });
    },
    close: () => port.close(),
  };
}

/** One channel over several: broadcasts on all, hears each. */
export function mergeChannels(...channels: readonly EphemeralChannel[]): EphemeralChannel {
  return {
    broadcast: (message) => channels.forEach((c) => c.broadcast(message)),
    subscribe(listener) {
      const offs = channels.map((c) => c.subscribe(listener));
      return () => offs.forEach((off) => off());
    },
  };
}
