/**
 * Why a live connection ended, in words a user understands: the editor shows it while the adapter
 * retries ("Offline — connection lost, retrying…"). The server closes a socket on purpose with the
 * policy-violation code and a short reason of its own (libs/sync's room gate, the api's member and
 * project routes); those are named here, anything else is passed on after a plain prefix.
 */

/** The close code the server uses for a socket it closes on purpose (RFC 6455 "policy violation"). */
export const CLOSE_POLICY_VIOLATION = 1008;

/** A socket that was connected went away (network drop, server stopped, load balancer cut it). */
export const CONNECTION_LOST = 'connection lost';
/** A socket that never connected was closed (the live server did not accept it). */
export const SERVER_UNREACHABLE = 'the live server cannot be reached';

/** The server's own close reasons, as a user reads them. */
const SERVER_REASONS: Readonly<Record<string, string>> = {
  'room moved to another instance': 'the project moved to another server',
  'role changed': 'your role in this project changed',
  'member removed': 'you were removed from this project',
  'project deleted': 'this project was deleted',
  'project unpublished': 'the project was unpublished',
  'realtime turned off': 'real-time was turned off for this project',
  'peer id in use': 'this editor is connected from another tab',
  'read-only socket sent a change': 'a change was refused: this project is view-only for you',
};

/** The close event fields the adapter reads (browser CloseEvent and ws both have them). */
export interface CloseInfo {
  code?: number;
  reason?: string;
}

/** The user-facing reason for a socket close; `wasConnected` tells a drop from a refusal to connect. */
export function closeReason(event: CloseInfo, wasConnected: boolean): string {
  const reason = event.reason?.trim() ?? '';
  if (event.code === CLOSE_POLICY_VIOLATION && reason) return SERVER_REASONS[reason] ?? `the server closed the connection (${reason})`;
  return wasConnected ? CONNECTION_LOST : SERVER_UNREACHABLE;
}
