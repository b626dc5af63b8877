import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { next as A, decodeSyncMessage } from '@automerge/automerge';
import { cbor, Repo, type DocumentId, type PeerId, type StorageAdapterInterface } from '@automerge/automerge-repo';
import { WebSocketServerAdapter } from '@automerge/automerge-repo-network-websocket';
import { WebSocketServer, type WebSocket } from 'ws';
import { filterEphemeral, relaysAcrossRooms } from './ephemeral-filter';
import { publicEphemeralPayload } from './public-ephemeral';
import { projectOfSyncPath, SYNC_PATH } from '../client/sync-url';
import { CLOSE_POLICY_VIOLATION } from '../client/close-reason';
import { createTurnCorker, type Corkable } from './cork-until-next-turn';
import { checkInboundFrame } from './room-gate';
import { saveIncrementally, type CompactChunks, type IncrementalSavesOptions } from './incremental-saves';
import { createStoreBeforeConfirm } from './store-before-confirm';
import { TicketStore, type SyncTicket, type TicketIssuer } from './tickets';
import { installUnhandledRejectionLogger, type SyncLogger } from './unhandled-rejection';

/** The websocket path the api routes to the sync server (`/sync/{projectId}`); every other upgrade is left alone. */
export { SYNC_PATH };
/** Close code for a socket that broke its room's rules (the client names the reason: client/close-reason.ts). */
export { CLOSE_POLICY_VIOLATION };

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
  /**
   * Holds each sync message until its document is stored, so a peer is never told of heads a
   * kill -9 could lose (default true; false only to show the loss in a test).
   */
  storeBeforeConfirm?: boolean;
  /** Called when an unhandled rejection shows a dead wasm module: the process must stop. */
  onFatal?: (err: unknown) => void;
  /** The largest websocket frame a peer may send, in bytes (a bigger one closes the socket). */
  maxFrameBytes?: number;
  /**
   * Awaited before the first socket of a project's room opens on this server (none of its sockets
   * open here): with several instances, the api brings its in-memory document up to the stored
   * one and tells the other instances the room is here now. A throw refuses the socket (503).
   */
  beforeRoomOpens?: (ticket: SyncTicket) => Promise<void>;
  /**
   * Builds a document's snapshot from its stored chunks off this thread (a worker). When given, the
   * repo's saves are incremental only and compaction runs in the background (incremental-saves.ts):
   * automerge-repo's own compaction saves the whole document on the caller's thread.
   */
  compact?: CompactChunks;
  /** With `compact`: awaited before each save of a document (incremental-saves.ts `beforeSave`). */
  beforeSave?: IncrementalSavesOptions['beforeSave'];
}

/** Default largest inbound frame: above the largest document any plan allows (4 MB). */
export const MAX_SYNC_FRAME_BYTES = 8 * 1024 * 1024;

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
  /** Number of open sockets of one project's rooms (its private and public documents). */
  projectSocketCount(projectId: string): number;
  /**
   * Closes at once every open socket whose ticket matches (a project unpublished or deleted, a
   * member removed): access is otherwise only re-checked when a socket opens. Returns how many.
   */
  closeSockets(match: (ticket: SyncTicket) => boolean, reason: string): number;
  /**
   * Closes the sockets that sent changes to the document since the last call (a live change the
   * server refused: over the limits), logging the reason. Returns how many.
   */
  closeWriters(documentId: string, reason: string): number;
  close(): Promise<void>;
}

/** The payload of an ephemeral frame (cbor inside cbor) through the relay's filter. */
const ephemeralVerdict = (data: unknown, ticket: SyncTicket): { pass: true; kind: unknown } | { pass: false; reason: string } => {
  if (!(data instanceof Uint8Array)) return { pass: false as const, reason: 'ephemeral message without data' };
  try {
    const payload: unknown = cbor.decode(data);
    const verdict = filterEphemeral(payload, ticket);
    return verdict.pass ? { pass: true, kind: (payload as { kind?: unknown }).kind } : verdict;
  } catch {
    return { pass: false as const, reason: 'undecodable ephemeral data' };
  }
};

const refuse = (socket: Duplex, status: number, reason: string) => {
  // A plain HTTP answer instead of an upgrade: the client never gets a websocket, so no document byte.
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`);
  socket.destroy();
};

/** Whether a sync message's payload carries changes (an undecodable one counts: the repo will refuse it). */
function carriesChanges(data: unknown): boolean {
  if (!(data instanceof Uint8Array)) return false;
  try {
    return decodeSyncMessage(data).changes.length > 0;
  } catch {
    return true;
  }
}

/** Creates the sync server; attach it to the api's HTTP server with attach() or handleUpgrade(). */
export function createSyncServer(options: SyncServerOptions): SyncServer {
  const uninstallLogger = installUnhandledRejectionLogger(options.logger, options.onFatal);
  const tickets = new TicketStore(options.now, options.ticketTtlMs);
  const store: TicketIssuer = options.ticketStore ?? tickets;
  // Its own server with noServer: the adapter takes every connection of the server it is given.
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxFrameBytes ?? MAX_SYNC_FRAME_BYTES });
  // Read-write sockets that sent changes, by document, until the server's checks of those changes ran.
  const writersOf = new Map<string, Set<WebSocket>>();
  const roomOfPeer = new Map<PeerId, { documentId: string; userId: string | null; socket: WebSocket; projectId: string }>();
  // Every gated socket with the ticket it opened with, joined or not, so access changes can close it.
  const ticketOfSocket = new Map<WebSocket, SyncTicket>();
  // The same peers by project: the ephemeral relay visits only the sender's project, not every
  // peer of every room (bench:capacity: one frame per drag per editor at 30 Hz).
  const peersOfProject = new Map<string, Set<PeerId>>();
  const corkTurn = createTurnCorker();
  const joinRoom = (peerId: PeerId, room: { documentId: string; userId: string | null; socket: WebSocket; projectId: string }) => {
    roomOfPeer.set(peerId, room);
    let peers = peersOfProject.get(room.projectId);
    if (!peers) peersOfProject.set(room.projectId, (peers = new Set()));
    peers.add(peerId);
  };
  const leaveRoom = (peerId: PeerId) => {
    const projectId = roomOfPeer.get(peerId)?.projectId;
    roomOfPeer.delete(peerId);
    const peers = projectId === undefined ? undefined : peersOfProject.get(projectId);
    peers?.delete(peerId);
    if (peers?.size === 0) peersOfProject.delete(projectId!);
  };
  const access = async (peerId: PeerId, documentId?: DocumentId) => roomOfPeer.get(peerId)?.documentId === documentId;
  const network = new WebSocketServerAdapter(wss as never);
  const repo = new Repo({
    storage: options.storage,
    network: [network],
    ...(options.peerId ? { peerId: options.peerId as PeerId } : {}),
    shareConfig: { announce: access, access },
  });
  if (options.compact && repo.storageSubsystem) {
    saveIncrementally(repo.storageSubsystem, options.storage, {
      compact: options.compact,
      beforeSave: options.beforeSave,
      onCompactionError: (err, documentId) =>
        options.logger.warn({ err: err instanceof Error ? err.message : err, documentId }, 'Compacting a document failed; a later save tries again'),
    });
  }
  if (options.storeBeforeConfirm !== false) {
    const deliver = network.send.bind(network);
    network.send = createStoreBeforeConfirm({
      deliver,
      headsOf: (message) => ('data' in message && message.data ? A.decodeSyncMessage(message.data).heads : []),
      store: async (documentId, heads) => {
        const handle = repo.handles[documentId as DocumentId];
        // A document still loading has nothing new to store: its messages carry stored heads.
        if (!handle?.isReady() || !repo.storageSubsystem) return;
        const doc = handle.doc();
        // Never confirm what is not in the document being stored.
        if (!A.hasHeads(doc, [...heads])) throw new Error('The document to store lacks heads a held sync message carries');
        await repo.storageSubsystem.saveDoc(documentId as DocumentId, doc);
      },
      onStoreFailed: (message, err) => {
        const room = roomOfPeer.get(message.targetId);
        options.logger.error(
          { err: err instanceof Error ? err.message : err, documentId: 'documentId' in message ? message.documentId : undefined },
          'Storing a document failed; its peer is disconnected unconfirmed',
        );
        // The held message is dropped, so this peer's sync state is broken: it reconnects with its edits.
        room?.socket.terminate();
      },
    });
  }

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
      if (!existing || existing.socket !== ws) {
        if (existing) leaveRoom(peerId);
        joinRoom(peerId, { documentId: ticket.documentId, userId: ticket.userId, socket: ws, projectId: ticket.projectId });
      }
      const message = cbor.decode(frame) as { type: string; targetId?: string; data?: unknown };
      if (ticket.mode === 'read-write' && (message.type === 'sync' || message.type === 'request') && carriesChanges(message.data)) {
        let writers = writersOf.get(ticket.documentId);
        if (!writers) writersOf.set(ticket.documentId, (writers = new Set()));
        writers.add(ws);
      }
      if (message.type === 'ephemeral') {
        const verdict = ephemeralVerdict(message.data, ticket);
        if (!verdict.pass) {
          options.logger.warn({ projectId: ticket.projectId, userId: ticket.userId, mode: ticket.mode, reason: verdict.reason }, 'Ephemeral message dropped');
          return false;
        }
        // Relayed here, not through the repo: automerge-repo throttles what it sends each peer to
        // 10 Hz and drops the frames in between, which would starve a 60 Hz live drag.
        // Live drags and the timeline transport also reach the project's public room (rebuilt from
        // known fields: public-ephemeral.ts), so anonymous projectors follow; presence never crosses.
        // Output commands and projector presence cross too, as they are: the filter above
        // held them to a schema with no unknown field.
        const publicData =
          (ticket.mode === 'read-write' ? publicEphemeralPayload(message.data) : null) ??
          (relaysAcrossRooms(verdict.kind) ? (message.data as Uint8Array) : null);
        for (const otherPeer of peersOfProject.get(ticket.projectId) ?? []) {
          const room = roomOfPeer.get(otherPeer)!;
          const sameRoom = room.documentId === ticket.documentId;
          if (otherPeer === peerId || room.socket.readyState !== room.socket.OPEN) continue;
          if (!sameRoom && !(publicData && room.projectId === ticket.projectId)) continue;
          // One write per peer per turn, however many frames this turn relays to it.
          corkTurn((room.socket as unknown as { _socket?: Corkable })._socket);
          // slice(): cbor-x encodes into a reused buffer, and a queued frame must not change under ws.
          // A public-room peer knows the message under its own document's id.
          room.socket.send(
            cbor
              .encode(sameRoom ? { ...message, targetId: otherPeer } : { ...message, data: publicData, documentId: room.documentId, targetId: otherPeer })
              .slice(),
          );
        }
        return true;
      }
      return originalEmit(event, frame, ...args.slice(1));
    }) as typeof ws.emit;
    ticketOfSocket.set(ws, ticket);
    ws.on('close', () => {
      ticketOfSocket.delete(ws);
      writersOf.get(ticket.documentId)?.delete(ws);
      if (bound.peerId && roomOfPeer.get(bound.peerId as PeerId)?.socket === ws) leaveRoom(bound.peerId as PeerId);
    });
    ws.on('error', (err) => options.logger.warn({ err: err.message, projectId: ticket.projectId }, 'Sync socket error'));
  };

  const projectSocketCount = (projectId: string) => {
    let n = 0;
    for (const ticket of ticketOfSocket.values()) if (ticket.projectId === projectId) n++;
    return n;
  };
  // One beforeRoomOpens per project at a time: sockets arriving together share it.
  const opening = new Map<string, Promise<void>>();
  const roomOpening = (ticket: SyncTicket): Promise<void> => {
    const running = opening.get(ticket.projectId);
    if (running) return running;
    const promise = options.beforeRoomOpens!(ticket).finally(() => opening.delete(ticket.projectId));
    opening.set(ticket.projectId, promise);
    return promise;
  };

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const pathProject = projectOfSyncPath(url.pathname);
    if (pathProject === undefined) return false;
    const token = url.searchParams.get('ticket');
    // The path must name the project (a load balancer routes by it): a bare /sync is refused.
    if (!token || pathProject === null) {
      refuse(socket, 403, 'Forbidden');
      return true;
    }
    socket.on('error', () => socket.destroy());
    void (async () => {
      try {
        const ticket = await store.consume(token);
        // A ticket is spent even when its path names another project: the socket would have met
        // the wrong instance's room behind a load balancer.
        if (!ticket || ticket.projectId !== pathProject) return refuse(socket, 403, 'Forbidden');
        if (options.recheck && !(await options.recheck(ticket))) return refuse(socket, 403, 'Forbidden');
        if (options.beforeRoomOpens && projectSocketCount(ticket.projectId) === 0) {
          try {
            await roomOpening(ticket);
          } catch (err) {
            options.logger.error({ err: err instanceof Error ? err.message : err, projectId: ticket.projectId }, 'Opening a sync room failed');
            return refuse(socket, 503, 'Service Unavailable');
          }
        }
        if (socket.destroyed) return;
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
    projectSocketCount,
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
    closeWriters(documentId, reason) {
      const writers = writersOf.get(documentId);
      writersOf.delete(documentId);
      let closed = 0;
      for (const ws of writers ?? []) {
        const ticket = ticketOfSocket.get(ws);
        options.logger.warn({ projectId: ticket?.projectId, userId: ticket?.userId, reason }, 'Sync socket closed: its change was refused');
        ticketOfSocket.delete(ws);
        ws.close(CLOSE_POLICY_VIOLATION, reason.slice(0, 120));
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
