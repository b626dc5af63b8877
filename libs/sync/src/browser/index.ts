export { loadAutomerge, AUTOMERGE_WASM_URL } from './automerge-wasm';
export { openBrowserSync, ROOM_DENIED_MESSAGE } from './browser-sync';
export type { BrowserRoomMode, BrowserSync, BrowserSyncOptions } from './browser-sync';
export { channelOf } from '../client/ephemeral-channel';
export type { EphemeralChannel } from '../client/ephemeral-channel';
export {
  createPresence,
  parsePresence,
  sanitizeName,
  PRESENCE_TIMEOUT_MS,
  SILENCE_CHECK_MS,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_NAME_MAX_CHARS,
} from '../client/presence';
export type { Presence, PresenceState, RemotePresence } from '../client/presence';
export { createDragSender, createDragReceiver, parseDragMessage, DRAG_OVERRIDE_MAX_MS, PROJECT_WARP_TARGET } from '../client/drag-channel';
export type { DragMessage, DragValues } from '../client/drag-channel';
export { reconnectDelayMs, RECONNECT_BASE_MS, RECONNECT_MAX_MS, SLOW_CONNECTION_MS } from '../client/backoff';
export type { ConnectionState, ConnectionStatus } from '../client/connection-status';
export { closeReason, CLOSE_POLICY_VIOLATION, CONNECTION_LOST, SERVER_UNREACHABLE } from '../client/close-reason';
export type { CloseInfo } from '../client/close-reason';
export { createProjectDoc, runOperation, normalizeOnRemoteChange } from '../document/project-document';
export { isStoredOnServer, watchServerSaved } from '../client/server-saved';
export {
  parseOutputCommand,
  parseProjectorPresence,
  commandTargets,
  cleanLabel,
  OUTPUT_PATTERNS,
  ALL_OUTPUTS,
  MAX_FADE_MS,
  OUTPUT_LABEL_MAX_CHARS,
} from '../client/output-command';
export type { OutputCommand, OutputOp, OutputPattern, OutputStatus, OfflineState, ProjectorPresence } from '../client/output-command';
export { createLocalLink, mergeChannels, LOCAL_PROJECT_KIND } from '../client/local-link';
export type { LocalPort } from '../client/local-link';
export { browserLocalPort, localLinkName } from './local-port';
