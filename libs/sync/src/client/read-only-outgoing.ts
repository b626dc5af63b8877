import type { Message } from '@automerge/automerge-repo/slim';

/** The loaded Automerge's sync message codec (injected: the browser uses the slim entry, Node the full one). */
export interface SyncMessageCodec {
  decode(data: Uint8Array): { changes: unknown[] };
  encode(message: { changes: unknown[] }): Uint8Array;
}

/**
 * For a read-only peer: the outgoing sync message without its changes, keeping heads, needs and
 * haves so both sides' sync state still advances. A read-only peer only holds changes the server
 * lacks when another tab told it first over BroadcastChannel; that tab, a writer, sends them to the
 * server itself, while the room gate closes a read-only socket that sends any change.
 */
export function withoutChanges(message: Message, codec: SyncMessageCodec): Message {
  if ((message.type !== 'sync' && message.type !== 'request') || !(message.data instanceof Uint8Array)) return message;
  let decoded: { changes: unknown[] };
  try {
    decoded = codec.decode(message.data);
  } catch {
    return message; // not ours to judge: the gate closes an undecodable message
  }
  if (decoded.changes.length === 0) return message;
  return { ...message, data: codec.encode({ ...decoded, changes: [] }) } as Message;
}
