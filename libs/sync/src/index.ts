export { createProjectDoc, runOperation, normalizeOnRemoteChange, needsNormalize } from './document/project-document';
export type { ProjectOperation } from './document/project-document';
export { forwardUnpatchedChanges } from './document/unpatched-changes';
export { reconnectDelayMs, RECONNECT_BASE_MS, RECONNECT_MAX_MS, SLOW_CONNECTION_MS } from './client/backoff';
export type { ConnectionState, ConnectionStatus } from './client/connection-status';
export { closeReason, CLOSE_POLICY_VIOLATION, CONNECTION_LOST, SERVER_UNREACHABLE } from './client/close-reason';
export type { CloseInfo } from './client/close-reason';
export { isStoredOnServer, watchServerSaved } from './client/server-saved';
export { TicketedSocketAdapter } from './client/ticketed-socket-adapter';
export type { SocketLike, TicketResult, TicketedSocketOptions } from './client/ticketed-socket-adapter';
export { channelOf } from './client/ephemeral-channel';
export type { EphemeralChannel } from './client/ephemeral-channel';
export {
  createPresence,
  parsePresence,
  sanitizeName,
  PRESENCE_TIMEOUT_MS,
  SILENCE_CHECK_MS,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_NAME_MAX_CHARS,
} from './client/presence';
export type { Presence, PresenceState, RemotePresence } from './client/presence';
export { createDragSender, createDragReceiver, parseDragMessage, DRAG_OVERRIDE_MAX_MS, PROJECT_WARP_TARGET } from './client/drag-channel';
export type { DragMessage, DragValues } from './client/drag-channel';
export { migrateWholeStrings, textWholeStringPaths, wrapWholeStrings } from './document/whole-strings';
export {
  parseOutputCommand,
  parseProjectorPresence,
  commandTargets,
  cleanLabel,
  OUTPUT_PATTERNS,
  ALL_OUTPUTS,
  MAX_FADE_MS,
  OUTPUT_LABEL_MAX_CHARS,
} from './client/output-command';
export type { OutputCommand, OutputOp, OutputPattern, OutputStatus, OfflineState, ProjectorPresence } from './client/output-command';
export { SYNC_PATH, syncSocketPath, projectOfSyncPath } from './client/sync-url';
