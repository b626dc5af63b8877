// Live clients for tests that reach the api through a load balancer: real automerge-repo clients
// with tickets from POST /api/sync/ticket and the socket at the URL the ticket names, as the
// browser does. Each knows which instance its socket is on (the server repo's peer id, which the
// instance also reports in /api/health) and which of its edits the server confirmed.
import { next as A } from '@automerge/automerge';
import { decodeHeads, Repo, type DocHandle, type DocumentId } from '@automerge/automerge-repo';
import type { ProjectDoc } from '@beamstage/layers';
import { TicketedSocketAdapter, watchServerSaved, type SocketLike } from '@beamstage/sync';
import { createSystemClock } from '@beamstage/timeline';
import { WebSocket } from 'ws';
import { until } from './live-client';

const clock = createSystemClock({
  now: () => performance.now(),
  wallNow: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as never),
});

/** While `closed`, (re)connects wait: a test checks the server before clients bring edits back. */
export interface ConnectGate {
  closed: boolean;
}

export interface RoutedClient {
  adapter: TicketedSocketAdapter;
  handle: DocHandle<ProjectDoc>;
  /** Peer id of the instance the socket is on now; null while disconnected. */
  instance(): string | null;
  /** Every instance this client's sockets reached, in order. */
  visited: string[];
  /** Whether the client holds every head the server last confirmed (it has the server's document). */
  holdsServerDoc(): boolean;
  close(): Promise<void>;
}

/** Opens the project live through `base` (the load balancer's origin) as `headers`' user. */
export async function openRoutedClient(
  base: string,
  projectId: string,
  headers: Record<string, string>,
  gate: ConnectGate = { closed: false },
): Promise<RoutedClient> {
  let documentId = '';
  let instance: string | null = null;
  const visited: string[] = [];
  const adapter = new TicketedSocketAdapter({
    clock,
    getTicketUrl: async () => {
      await until(() => !gate.closed, 'the connect gate', 120_000);
      const res = await fetch(`${base}/api/sync/ticket`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId }),
      });
      if (res.status !== 200) throw new Error(`ticket ${res.status}`);
      const body = (await res.json()) as { url: string; documentId: string };
      documentId = body.documentId;
      return { url: `${base.replace(/^http/, 'ws')}${body.url}` };
    },
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  });
  adapter.on('peer-candidate', ({ peerId }) => {
    instance = peerId;
    visited.push(peerId);
  });
  adapter.on('peer-disconnected', () => (instance = null));
  const repo = new Repo({ network: [adapter] });
  await adapter.whenReady();
  const handle = await repo.find<ProjectDoc>(documentId as DocumentId);
  return {
    adapter,
    handle,
    instance: () => instance,
    visited,
    holdsServerDoc() {
      const storageId = adapter.serverStorageId();
      const heads = storageId ? handle.getSyncInfo(storageId)?.lastHeads : undefined;
      return !!heads && heads.length > 0 && heads.every((h) => handle.heads().includes(h));
    },
    async close() {
      adapter.disconnect();
      await repo.shutdown().catch(() => undefined);
    },
  };
}

export interface MarkerEditor {
  client: RoutedClient;
  /** Marker ids this editor added, in order. */
  made: string[];
  /** Marker ids the server confirmed to this editor (in its sync reply's heads, or "Saved"). */
  confirmed: Set<string>;
  /** Adds one marker named `m_{name}_{n}`. */
  edit(): void;
  close(): Promise<void>;
}

/** An editor that adds timeline markers and records which of them the server confirmed. */
export async function openMarkerEditor(
  name: string,
  base: string,
  projectId: string,
  headers: Record<string, string>,
  gate: ConnectGate,
): Promise<MarkerEditor> {
  const client = await openRoutedClient(base, projectId, headers, gate);
  const { handle, adapter } = client;
  const made: string[] = [];
  const confirmed = new Set<string>();
  const own = (id: string) => id.startsWith(`m_${name}_`);
  handle.on('remote-heads', ({ storageId, heads }) => {
    if (storageId !== adapter.serverStorageId()) return;
    const raw = decodeHeads(heads);
    if (!A.hasHeads(handle.doc(), raw)) return;
    for (const id of Object.keys(A.view(handle.doc(), raw).timeline.markers)) if (own(id)) confirmed.add(id);
  });
  const stop = watchServerSaved(
    handle as DocHandle<unknown>,
    () => adapter.serverStorageId(),
    (saved) => {
      if (saved === true) for (const id of made) confirmed.add(id);
    },
  );
  return {
    client,
    made,
    confirmed,
    edit() {
      const id = `m_${name}_${made.length}`;
      made.push(id);
      handle.change(
        (d) => void (d.timeline.markers[id] = { id, name: id, time: 0, color: '#ff4444', metadata: { created: 0 }, order: `a${made.length}` } as never),
      );
    },
    async close() {
      stop();
      await client.close();
    },
  };
}
