import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { cbor, Repo, type DocumentId, type PeerId, type StorageAdapterInterface } from '@automerge/automerge-repo';
import { WebSocketServerAdapter } from '@automerge/automerge-repo-network-websocket';
import { WebSocketServer, type WebSocket } from 'ws';
import { filterEphemeral } from './ephemeral-filter';
import { checkInboundFrame } from './room-gate';
import { TicketStore, type SyncTicket, type TicketIssuer } from './tickets';
import { installUnhandledRejectionLogger, type SyncLogger } from './unhandled-rejection';

/** The websocket path the api routes to the sync server; every other upgrade is left alone. */
export const SYNC_PATH = '/sync';
/** Close code for a socket that broke its room's rules. */
export const CLOSE_POLICY_VIOLATION = 1008;

export interface SyncServerOptions {
  storage: StorageAdapterInterface;
  logger: SyncLogger;
  /**
   * Re-checks a ticket's grant when its socket opens (a project may have been unpublished or a
   * member removed since the ticket was issued). Return false to refuse before any bytes are sent.
   */
  recheck?: (ticket: SyncTicket) => Promise<boolean>;
  now?: () => number;
  ticketTtlMs?: number;
  /**
   * Where tickets live. Default: this process's memory (`tickets`), so the ticket POST must reach
   * the instance that serves the socket; a DbTicketStore lets any instance open any ticket.
   */
  ticketStore?: TicketIssuer;
  /** Peer id of the server repo. */
  peerId?: string;
}

/** The server side of live collaboration: one Repo on the database, one gated websocket server. */
export interface SyncServer {
  repo: Repo;
  /** The in-memory store (used when no ticketStore was given). */
  tickets: TicketStore;
  /** Issues a ticket from the configured store. */
  issueTicket(grant: Omit<SyncTicket, 'expiresAt'>): Promise<{ ticket: string; expiresAt: number }>;
  wss: WebSocketServer;
  /** Handles an HTTP upgrade; returns false (and touches nothing) when the path is not /sync. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Routes the HTTP server's /sync upgrades here; returns the detach function. */
  attach(server: HttpServer): () => void;
  /** Number of open sockets. */
  socketCount(): number;
  /**
   * Closes at once every open socket whose ticket matches (a project unpublished or deleted, a
   * member removed): access is otherwise only re-checked when a socket opens. Returns how many.
   */
  closeSockets(match: (ticket: SyncTicket) => boolean, reason: string): number;
  close(): Promise<void>;
}

/** The payload of an ephemeral frame (cbor inside cbor) through the relay's filter. */
const ephemeralVerdict = (data: unknown, ticket: SyncTicket) => {
  if (!(data instanceof Uint8Array)) return { pass: false as const, reason: 'ephemeral message without data' };
  try {
    return filterEphemeral(cbor.decode(data), ticket);
  } catch {
    return { pass: false as const, reason: 'undecodable ephemeral data' };
  }
};

const refuse = (socket: Duplex, status: number, reason: string) => {
  // A plain HTTP answer instead of an upgrade: the client never gets a websocket, so no document byte.
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`);
  socket.destroy();
};

/** Creates the sync server; attach it to the api's HTTP server with attach() or handleUpgrade(). */
export function createSyncServer(options: SyncServerOptions): SyncServer {
  const uninstallLogger = installUnhandledRejectionLogger(options.logger);
  const tickets = new TicketStore(options.now, options.ticketTtlMs);
  const store: TicketIssuer = options.ticketStore ?? tickets;
  // Its own server with noServer: the adapter takes every connection of the server it is given.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  const roomOfPeer = new Map<PeerId, { documentId: string; userId: string | null; socket: WebSocket }>();
  // Every gated socket with the ticket it opened with, joined or not, so access changes can close it.
  const ticketOfSocket = new Map<WebSocket, SyncTicket>();
  const access = async (peerId: PeerId, documentId?: DocumentId) => roomOfPeer.get(peerId)?.documentId === documentId;
  const repo = new Repo({
    storage: options.storage,
    network: [new WebSocketServerAdapter(wss as never)],
    ...(options.peerId ? { peerId: options.peerId as PeerId } : {}),
    shareConfig: { announce: access, access },
  });

  const gate = (ws: WebSocket, ticket: SyncTicket) => {
    const bound = { peerId: null as string | null };
    const originalEmit = ws.emit.bind(ws);
    // Every inbound frame passes the room gate before automerge-repo's listener can see it.
    ws.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event !== 'message') return originalEmit(event, ...args);
      const raw = args[0];
      const frame = raw instanceof Uint8Array ? raw : Array.isArray(raw) ? Buffer.concat(raw as Buffer[]) : new Uint8Array(raw as ArrayBuffer);
      const verdict = checkInboundFrame(frame, ticket, bound);
      if (verdict === 'drop') return false;
      if (verdict !== 'pass') {
        options.logger.warn({ projectId: ticket.projectId, userId: ticket.userId, reason: verdict.close }, 'Sync socket closed by the room gate');
        ws.close(CLOSE_POLICY_VIOLATION, verdict.close);
        ws.terminate();
        return false;
      }
      const peerId = bound.peerId as PeerId;
      const existing = roomOfPeer.get(peerId);
      if (existing && existing.socket !== ws && (existing.userId !== ticket.userId || existing.documentId !== ticket.documentId)) {
        ws.close(CLOSE_POLICY_VIOLATION, 'peer id in use');
        return false;
      }
      if (!existing || existing.socket !== ws) roomOfPeer.set(peerId, { documentId: ticket.documentId, userId: ticket.userId, socket: ws });
      const message = cbor.decode(frame) as { type: string; targetId?: string; data?: unknown };
      if (message.type === 'ephemeral') {
        const verdict = ephemeralVerdict(message.data, ticket);
        if (!verdict.pass) {
          options.logger.warn({ projectId: ticket.projectId, userId: ticket.userId, mode: ticket.mode, reason: verdict.reason }, 'Ephemeral message dropped');
          return false;
        }
        // Relayed here, not through the repo: automerge-repo throttles what it sends each peer to
        // 10 Hz and drops the frames in between, which would starve a 60 Hz live drag.
        for (const [otherPeer, room] of roomOfPeer) {
          if (otherPeer === peerId || room.documentId !== ticket.documentId || room.socket.readyState !== room.socket.OPEN) continue;
          // slice(): cbor-x encodes into a reused buffer, and a queued frame must not change under ws.
          room.socket.send(cbor.encode({ ...message, targetId: otherPeer }).slice());
        }
        return true;
      }
      return originalEmit(event, frame, ...args.slice(1));
    }) as typeof ws.emit;
    ticketOfSocket.set(ws, ticket);
    ws.on('close', () => {
      ticketOfSocket.delete(ws);
      if (bound.peerId && roomOfPeer.get(bound.peerId as PeerId)?.socket === ws) roomOfPeer.delete(bound.peerId as PeerId);
    });
    ws.on('error', (err) => options.logger.warn({ err: err.message, projectId: ticket.projectId }, 'Sync socket error'));
  };

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== SYNC_PATH) return false;
    const token = url.searchParams.get('ticket');
    if (!token) {
      refuse(socket, 403, 'Forbidden');
      return true;
    }
    socket.on('error', () => socket.destroy());
    void (async () => {
      try {
        const ticket = await store.consume(token);
        if (!ticket) return refuse(socket, 403, 'Forbidden');
        if (options.recheck && !(await options.recheck(ticket))) return refuse(socket, 403, 'Forbidden');
        wss.handleUpgrade(request, socket, head, (ws) => {
          gate(ws, ticket);
          wss.emit('connection', ws, request);
        });
      } catch (err) {
        options.logger.error({ err: err instanceof Error ? err.message : err }, 'Sync upgrade failed');
        refuse(socket, 500, 'Internal Server Error');
      }
    })();
    return true;
  };

  return {
    repo,
    tickets,
    issueTicket: async (grant) => store.issue(grant),
    wss,
    handleUpgrade,
    attach(server) {
      const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void handleUpgrade(request, socket, head);
      server.on('upgrade', listener);
      return () => server.off('upgrade', listener);
    },
    socketCount: () => wss.clients.size,
    closeSockets(match, reason) {
      let closed = 0;
      for (const [ws, ticket] of ticketOfSocket) {
        if (!match(ticket)) continue;
        ticketOfSocket.delete(ws);
        ws.close(CLOSE_POLICY_VIOLATION, reason);
        // terminate: a peer that ignores the close frame must still lose the room now.
        ws.terminate();
        closed++;
      }
      return closed;
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await repo.shutdown().catch((err: unknown) => options.logger.warn({ err }, 'Sync repo shutdown'));
      uninstallLogger();
    },
  };
}
