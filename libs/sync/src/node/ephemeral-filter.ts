import { parseOutputCommand, parseProjectorPresence } from '../client/output-command';
import type { SyncTicket } from './tickets';

/** What the relay does with one ephemeral payload: pass it to the room, or drop it (and log why). */
export type EphemeralVerdict = { pass: true } | { pass: false; reason: string };

const PASS: EphemeralVerdict = { pass: true };
const drop = (reason: string): EphemeralVerdict => ({ pass: false, reason });

/**
 * Decides whether the server relays a decoded ephemeral payload. Output commands
 * (blackout, patterns, reload...) come only from read-write sockets of a signed-in user, carry no
 * field the schema does not name, and name that user as sender. A read-only socket (a viewer, an
 * anonymous projector) may only announce a projector or leave; anything else it sends is dropped.
 */
export function filterEphemeral(payload: unknown, ticket: Pick<SyncTicket, 'mode' | 'userId'>): EphemeralVerdict {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return drop('not an object');
  const kind = (payload as { kind?: unknown }).kind;
  if (kind === 'output') {
    if (ticket.mode !== 'read-write') return drop('output command from a read-only socket');
    if (ticket.userId === null) return drop('output command from an anonymous peer');
    const command = parseOutputCommand(payload);
    if (!command) return drop('malformed output command or unknown fields');
    if (command.from !== ticket.userId) return drop('output command with a forged sender');
    return PASS;
  }
  if (ticket.mode === 'read-only') {
    if (kind === 'presence-leave') return PASS;
    if (kind === 'projector') return parseProjectorPresence(payload) ? PASS : drop('malformed projector presence');
    return drop('ephemeral message from a read-only socket');
  }
  return PASS;
}

/**
 * Kinds relayed as they are to a project's other room (private <-> public): output commands and
 * projector presence, nothing personal. Drags and the transport cross rebuilt (public-ephemeral.ts).
 */
const CROSS_ROOM_KINDS = new Set(['output', 'projector', 'presence-leave']);

/** Whether a passed payload of this kind is relayed to the project's other room as well. */
export function relaysAcrossRooms(kind: unknown): boolean {
  return typeof kind === 'string' && CROSS_ROOM_KINDS.has(kind);
}
