// Test and benchmark harness: a real HTTP server with the sync server attached, on PGlite, and
// Node client repos that connect through the gated socket like the browser does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { Repo, type DocHandle, type DocumentId, type StorageAdapterInterface } from '@automerge/automerge-repo';
import { createSystemClock } from '@beamstage/timeline';
import { drizzle } from 'drizzle-orm/pglite';
import { WebSocket } from 'ws';
import { TicketedSocketAdapter, type SocketLike } from '../client/ticketed-socket-adapter';
import type { ConnectionState } from '../client/connection-status';
import { syncSocketPath } from '../client/sync-url';
import { DrizzleStorageAdapter } from './drizzle-storage-adapter';
import { AUTOMERGE_STORAGE_DDL } from './storage-ddl';
import { createSyncServer, type SyncServer } from './sync-server';
import type { RoomMode } from './tickets';
import type { SyncLogger } from './unhandled-rejection';
import { inMemoryPglite } from '../../../../tools/testing/pglite-template';

/** Longer than automerge-repo's save throttle, so a late save lands before the database closes. */
const SAVE_SETTLE_MS = 300;

/** The real clock, for harness code that runs on Node timers. */
export const nodeClock = createSystemClock({
  now: () => performance.now(),
  wallNow: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
});

export interface Harness {
  http: Server;
  port: number;
  sync: SyncServer;
  pglite: PGlite;
  logs: { level: string; obj: unknown; msg?: string }[];
  /** A URL with a fresh ticket for the document. */
  ticketUrl(documentId: DocumentId, mode?: RoomMode, userId?: string | null): string;
  /** A client repo connected to the server (fresh ticket per reconnect). */
  client(documentId: DocumentId, options?: { mode?: RoomMode; storage?: StorageAdapterInterface; wrapUrl?: (url: string) => string }): Client;
  close(): Promise<void>;
}

export interface Client {
  repo: Repo;
  adapter: TicketedSocketAdapter;
  states: ConnectionState[];
  find<T>(documentId: DocumentId): Promise<DocHandle<T>>;
  close(): Promise<void>;
}

/** Starts PGlite (in memory unless dataDir), the sync server (on PGlite unless `storage`) and an HTTP server on a free port. */
export async function startHarness(
  options: { dataDir?: string; pglite?: PGlite; storage?: StorageAdapterInterface; storeBeforeConfirm?: boolean } = {},
): Promise<Harness> {
  const pglite = options.pglite ?? (options.dataDir ? new PGlite(options.dataDir) : inMemoryPglite());
  await pglite.exec(AUTOMERGE_STORAGE_DDL);
  const logs: Harness['logs'] = [];
  const logger: SyncLogger = {
    warn: (obj, msg) => logs.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => logs.push({ level: 'error', obj, msg }),
  };
  // `storage` replaces the database for tests whose subject is the network, not durability.
  const sync = createSyncServer({
    storage: options.storage ?? new DrizzleStorageAdapter(drizzle(pglite)),
    logger,
    ...(options.storeBeforeConfirm === false ? { storeBeforeConfirm: false } : {}),
  });
  const http = createServer((_req, res) => res.writeHead(404).end());
  sync.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const ticketUrl = (documentId: DocumentId, mode: RoomMode = 'read-write', userId: string | null = 'usr_test') =>
    `ws://127.0.0.1:${port}${syncSocketPath('proj_test', sync.tickets.issue({ projectId: 'proj_test', documentId, userId, mode }).ticket)}`;
  const clients = new Set<Client>();
  return {
    http,
    port,
    sync,
    pglite,
    logs,
    ticketUrl,
    client(documentId, opts = {}) {
      const states: ConnectionState[] = [];
      const adapter = new TicketedSocketAdapter({
        getTicketUrl: async () => {
          const url = ticketUrl(documentId, opts.mode ?? 'read-write');
          return { url: opts.wrapUrl ? opts.wrapUrl(url) : url };
        },
        createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
        clock: nodeClock,
        onState: (s) => states.push(s),
      });
      const repo = new Repo({ network: [adapter], ...(opts.storage ? { storage: opts.storage } : {}) });
      const client: Client = {
        repo,
        adapter,
        states,
        find: <T>(id: DocumentId) => repo.find<T>(id),
        async close() {
          clients.delete(client);
          adapter.disconnect();
          await repo.shutdown().catch(() => undefined);
        },
      };
      clients.add(client);
      return client;
    },
    async close() {
      for (const c of [...clients]) await c.close();
      await sync.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      // automerge-repo throttles storage saves (100 ms); one can still fire after shutdown()'s flush.
      // Let it land before the database closes, or it rejects with "PGlite is closed" after the test.
      await new Promise((resolve) => setTimeout(resolve, SAVE_SETTLE_MS));
      if (!options.pglite) await pglite.close();
    },
  };
}

/** Resolves when predicate() holds, polling every few ms; rejects after timeoutMs. */
export async function waitFor(predicate: () => boolean, timeoutMs = 20_000, what = 'condition'): Promise<number> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
  return performance.now() - start;
}
