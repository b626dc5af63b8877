/** The spec's connection states. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

/** What the UI shows about the live connection. */
export interface ConnectionState {
  status: ConnectionStatus;
  /** True once an attempt has been connecting for SLOW_CONNECTION_MS. */
  slow: boolean;
  /** Reconnect attempts since the last successful connection. */
  attempt: number;
  /**
   * Why the status is error, in words a user understands (close-reason.ts). Kept while the adapter
   * retries after a websocket error, until it connects again.
   */
  error?: string;
  /**
   * True while an error is transient: the socket dropped or the server closed it, and the adapter
   * reconnects by itself with the backoff. An error without it is for good (a refused ticket): the
   * project keeps working without real-time features.
   */
  retrying?: boolean;
  /**
   * On an error for good that followed a close the server made on purpose: the server's own reason
   * for that close as it sent it ('member removed', 'project deleted'), so an app can tell "you lost
   * access" from any other refusal without reading the words shown to the user.
   */
  closedBy?: string;
}
