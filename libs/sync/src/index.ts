export { createProjectDoc, exportProjectJson, runOperation, normalizeOnRemoteChange } from './document/project-document';
export type { ProjectOperation } from './document/project-document';
export { reconnectDelayMs, RECONNECT_BASE_MS, RECONNECT_MAX_MS, SLOW_CONNECTION_MS } from './client/backoff';
export type { ConnectionState, ConnectionStatus } from './client/connection-status';
export { TicketedSocketAdapter } from './client/ticketed-socket-adapter';
export type { SocketLike, TicketResult, TicketedSocketOptions } from './client/ticketed-socket-adapter';
