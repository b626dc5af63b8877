import { cbor, NetworkAdapter, type Message, type PeerId, type PeerMetadata, type StorageId } from '@automerge/automerge-repo/slim';
import type { Clock, TimerHandle } from '@beamstage/timeline';
import { reconnectDelayMs, SLOW_CONNECTION_MS } from './backoff';
import { closeReason, isServerClose, refusedAfterServerClose, type CloseInfo } from './close-reason';
import type { ConnectionState } from './connection-status';

/** The subset of the WebSocket API the adapter uses (browser WebSocket and ws both fit). */
export interface SocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: ArrayBuffer | Uint8Array): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: CloseInfo) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** The result of asking the api for a ticket: a URL to open, or a refusal that stops retrying. */
export type TicketResult = { url: string } | { denied: string };

export interface TicketedSocketOptions {
  /** Fetches a fresh single-use ticket and returns the socket URL; throws on a network failure (retried). */
  getTicketUrl: () => Promise<TicketResult>;
  createSocket: (url: string) => SocketLike;
  clock: Clock;
  onState?: (state: ConnectionState) => void;
  /** Rewrites each outgoing message before it is sent (a read-only peer strips its changes). */
  outgoing?: (message: Message) => Message;
  /** Told about a frame that does not decode (spec section 8: logged and ignored; the socket stays). */
  onDecodeError?: (error: unknown) => void;
}

const OPEN = 1;
const PROTOCOL_V1 = '1';

/**
 * An automerge-repo client network adapter for the gated /sync socket. Unlike the stock websocket
 * adapter it asks for a new ticket on every (re)connect, since tickets are single-use, and it backs
 * off 2^n x 100 ms capped at 2500 ms. A socket that closes without being asked to (a websocket
 * error: a drop, or the server closing it with a reason) puts it in the error state with that
 * reason while it retries (spec section 8: websocket errors set the status to error; section 4: it
 * reconnects with backoff). A refused ticket puts it in the error state for good: the project keeps
 * working locally without real-time features.
 */
export class TicketedSocketAdapter extends NetworkAdapter {
  private socket: SocketLike | null = null;
  private remotePeerId: PeerId | null = null;
  private remoteStorageId: StorageId | null = null;
  private ready = false;
  private readyResolve: (() => void) | null = null;
  private readonly readyPromise = new Promise<void>((resolve) => (this.readyResolve = resolve));
  private retryTimer: TimerHandle | null = null;
  private slowTimer: TimerHandle | null = null;
  private stopped = false;
  private state: ConnectionState = { status: 'disconnected', slow: false, attempt: 0 };
  /** The reason of the server's last on-purpose close, until connected again: a refusal that follows keeps it. */
  private serverCloseReason: string | null = null;
  /** That close's reason as the server sent it ('member removed'), for ConnectionState.closedBy. */
  private serverCloseRaw: string | null = null;

  constructor(private readonly options: TicketedSocketOptions) {
    super();
  }

  /** The current connection state. */
  getState(): ConnectionState {
    return this.state;
  }

  /**
   * The storage id the server announced (kept while offline): the key of the heads it confirmed
   * as stored (DocHandle.getSyncInfo). Instances on one database share it.
   */
  serverStorageId(): StorageId | null {
    return this.remoteStorageId;
  }

  isReady(): boolean {
    return this.ready;
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }

  private markReady() {
    if (this.ready) return;
    this.ready = true;
    this.readyResolve?.();
  }

  private setState(patch: Partial<ConnectionState>) {
    this.state = { ...this.state, ...patch };
    this.options.onState?.(this.state);
  }

  /** True while retrying after a websocket error: the status stays error (with its reason) until connected. */
  private inError(): boolean {
    return this.state.status === 'error' && this.state.retrying === true;
  }

  connect(peerId: PeerId, peerMetadata?: PeerMetadata): void {
    this.peerId = peerId;
    this.peerMetadata = peerMetadata ?? {};
    this.stopped = false;
    void this.open();
  }

  /** Drops the current socket as if the network failed (tests, and the "reconnect now" button). */
  dropSocket(): void {
    this.socket?.close(4000, 'dropped');
  }

  private async open() {
    if (this.stopped) return;
    const clock = this.options.clock;
    this.setState({ status: this.inError() ? 'error' : 'connecting', slow: false });
    if (this.slowTimer === null) this.slowTimer = clock.setTimeout(() => this.setState({ slow: true }), SLOW_CONNECTION_MS);
    let ticket: TicketResult;
    try {
      ticket = await this.options.getTicketUrl();
    } catch {
      return this.scheduleRetry();
    }
    if (this.stopped) return;
    if ('denied' in ticket) return this.fail(ticket.denied);
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(ticket.url);
    } catch {
      return this.scheduleRetry();
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () =>
      this.send({ type: 'join', senderId: this.peerId, peerMetadata: this.peerMetadata, supportedProtocolVersions: [PROTOCOL_V1] } as unknown as Message);
    socket.onmessage = (event) => this.receive(socket, event.data);
    socket.onerror = () => undefined; // onclose follows and decides
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const wasConnected = this.remotePeerId !== null;
      if (this.remotePeerId) this.emit('peer-disconnected', { peerId: this.remotePeerId });
      this.remotePeerId = null;
      const reason = closeReason(event ?? {}, wasConnected);
      const onPurpose = isServerClose(event ?? {});
      this.serverCloseReason = onPurpose ? reason : null;
      this.serverCloseRaw = onPurpose ? (event?.reason?.trim() ?? null) : null;
      this.scheduleRetry(reason);
    };
  }

  /**
   * Retries after the backoff. `error` is the reason of a websocket error (the status becomes error,
   * retrying); without one (no ticket: the api cannot be reached) the status is disconnected, unless
   * an earlier websocket error is still being retried, whose reason stays.
   */
  private scheduleRetry(error?: string) {
    this.markReady(); // do not hold find() up while offline: local documents still load
    if (this.stopped) return;
    const attempt = this.state.attempt;
    if (error !== undefined) this.setState({ status: 'error', error, retrying: true, attempt: attempt + 1 });
    else this.setState({ status: this.inError() ? 'error' : 'disconnected', attempt: attempt + 1 });
    this.retryTimer = this.options.clock.setTimeout(() => {
      this.retryTimer = null;
      void this.open();
    }, reconnectDelayMs(attempt));
  }

  private fail(reason: string) {
    this.stopped = true;
    this.clearSlow();
    this.markReady();
    // "member removed" then a refused ticket: the server's reason, not the generic refusal, is why.
    const error = this.serverCloseReason !== null ? refusedAfterServerClose(this.serverCloseReason) : reason;
    this.setState({ status: 'error', slow: false, error, retrying: false, ...(this.serverCloseRaw !== null ? { closedBy: this.serverCloseRaw } : {}) });
  }

  private clearSlow() {
    if (this.slowTimer !== null) this.options.clock.clearTimeout(this.slowTimer);
    this.slowTimer = null;
  }

  private receive(socket: SocketLike, data: unknown) {
    if (this.socket !== socket) return;
    let message: Message & { peerMetadata?: PeerMetadata; message?: string };
    try {
      message = cbor.decode(new Uint8Array(data as ArrayBuffer)) as typeof message;
    } catch (error) {
      this.options.onDecodeError?.(error);
      return; // spec: sync-update decode errors are logged and ignored
    }
    if (message.type === 'peer') {
      this.remotePeerId = message.senderId;
      if (message.peerMetadata?.storageId) this.remoteStorageId = message.peerMetadata.storageId;
      this.clearSlow();
      this.serverCloseReason = null;
      this.serverCloseRaw = null;
      this.state = { status: 'connected', slow: false, attempt: 0 };
      this.options.onState?.(this.state);
      this.markReady();
      this.emit('peer-candidate', { peerId: message.senderId, peerMetadata: message.peerMetadata ?? {} });
    } else if (message.type === 'error') {
      socket.close();
    } else {
      this.emit('message', message);
    }
  }

  send(original: Message): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return; // offline: automerge-repo resyncs on reconnect
    const message = this.options.outgoing ? this.options.outgoing(original) : original;
    if ('data' in message && message.data?.byteLength === 0) return;
    // slice(): cbor-x encodes into a reused buffer; a frame the socket queues must keep its bytes.
    socket.send(cbor.encode(message).slice());
  }

  disconnect(): void {
    this.stopped = true;
    if (this.retryTimer !== null) this.options.clock.clearTimeout(this.retryTimer);
    this.clearSlow();
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
    if (this.remotePeerId) this.emit('peer-disconnected', { peerId: this.remotePeerId });
    this.remotePeerId = null;
    this.state = { status: 'disconnected', slow: false, attempt: this.state.attempt };
    this.options.onState?.(this.state);
  }
}
