import { decodeSyncMessage } from '@automerge/automerge';
import { cbor } from '@automerge/automerge-repo';
import type { SyncTicket } from './tickets';

/** Why a socket's message was refused (the socket is then closed). */
export type GateVerdict = 'pass' | 'drop' | { close: string };

interface RepoMessage {
  type?: unknown;
  senderId?: unknown;
  documentId?: unknown;
  data?: unknown;
}

/**
 * Checks one inbound frame of a gated socket before automerge-repo sees it: every message must name
 * the socket's own document (or none, for join), keep the peer id it joined with, and a read-only
 * socket may send sync messages only when they carry no changes. What a socket's ephemeral messages
 * may say is decided by the relay (./ephemeral-filter.ts): a read-only socket may only announce a
 * projector.
 */
export function checkInboundFrame(frame: Uint8Array, ticket: SyncTicket, boundPeer: { peerId: string | null }): GateVerdict {
  let message: RepoMessage;
  try {
    message = cbor.decode(frame) as RepoMessage;
  } catch {
    return { close: 'undecodable frame' };
  }
  if (!message || typeof message !== 'object' || typeof message.type !== 'string' || typeof message.senderId !== 'string')
    return { close: 'malformed message' };
  if (boundPeer.peerId === null) {
    if (message.type !== 'join') return { close: 'first message must be join' };
    boundPeer.peerId = message.senderId;
    return 'pass';
  }
  // automerge-repo floods ephemeral messages: a client passes on what it got from others, with the
  // original sender's id. The server relays every ephemeral message to the whole room itself, so
  // these echoes are dropped rather than treated as spoofing.
  if (message.senderId !== boundPeer.peerId) return message.type === 'ephemeral' ? 'drop' : { close: 'peer id changed' };
  if (message.type === 'join') return { close: 'second join' };
  if (message.documentId !== undefined && message.documentId !== ticket.documentId) return { close: 'document outside the room' };
  if (ticket.mode === 'read-only') {
    if (message.type === 'sync' || message.type === 'request') {
      if (!(message.data instanceof Uint8Array)) return { close: 'malformed sync message' };
      let changes = 0;
      try {
        changes = decodeSyncMessage(message.data).changes.length;
      } catch {
        return { close: 'undecodable sync message' };
      }
      if (changes > 0) return { close: 'read-only socket sent a change' };
    }
  }
  return 'pass';
}
