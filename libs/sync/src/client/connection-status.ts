/** The spec's connection states. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

/** What the UI shows about the live connection. */
export interface ConnectionState {
  status: ConnectionStatus;
  /** True once an attempt has been connecting for SLOW_CONNECTION_MS. */
  slow: boolean;
  /** Reconnect attempts since the last successful connection. */
  attempt: number;
  /** Why the status is error (the project keeps working without real-time features). */
  error?: string;
}
