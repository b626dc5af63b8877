import { BroadcastChannelNetworkAdapter } from '@automerge/automerge-repo-network-broadcastchannel';
import { IndexedDBStorageAdapter } from '@automerge/automerge-repo-storage-indexeddb';
import { decodeSyncMessage, encodeSyncMessage } from '@automerge/automerge/slim';
import { Repo, type DocHandle, type DocumentId, type Message } from '@automerge/automerge-repo/slim';
import type { ProjectDoc } from '@beamstage/layers';
import type { Clock } from '@beamstage/timeline';
import type { ConnectionState } from '../client/connection-status';
import { withoutChanges } from '../client/read-only-outgoing';
import { watchServerSaved } from '../client/server-saved';
import { TicketedSocketAdapter, type SocketLike, type TicketResult } from '../client/ticketed-socket-adapter';
import { normalizeOnRemoteChange } from '../document/project-document';
import { loadAutomerge } from './automerge-wasm';

/** Spec: a denied collaboration room is only logged as a warning; the status shows this text. */
export const ROOM_DENIED_MESSAGE = 'Real-time collaboration is not available for this project';

export interface BrowserSyncOptions {
  /** The api origin, e.g. http://localhost:3000. */
  apiOrigin: string;
  projectId: string;
  /** The signed-in user's access token, or null for an anonymous projector. */
  getToken: () => Promise<string | null>;
  onState?: (state: ConnectionState) => void;
  /**
   * Told the room mode of every ticket, the first and each reconnect's: a member whose role changed
   * while connected is closed by the server ("role changed") and reconnects with the new mode.
   */
  onMode?: (mode: 'read-write' | 'read-only') => void;
  /** Told about a sync frame that does not decode (it is ignored; the caller logs it). */
  onDecodeError?: (error: unknown) => void;
  /** Time and timers (libs/stage's browserClock in the apps: the one browser clock). */
  clock: Clock;
  /** IndexedDB database name (tests use their own). */
  databaseName?: string;
  /**
   * A read-only peer (the anonymous projector) never writes to the document: no normalise change
   * after a merge, and changes heard from another tab are not passed on over its socket, since the
   * server closes a read-only socket that sends one. Editors normalise. A ticket that answers
   * read-only (a viewer) makes the peer read-only too, whatever this says.
   */
  readOnly?: boolean;
  /**
   * The BroadcastChannel name for same-profile peers (default `beamstage-sync-{projectId}`). Anonymous
   * projectors use their own: they hold the public document, and an editor's Repo asked for it over
   * the channel would ask the server for it on its own socket, which the room gate refuses.
   */
  channelName?: string;
}

/** What the room lets this peer do, as the last ticket said; null before any ticket answered. */
export type BrowserRoomMode = 'read-write' | 'read-only' | null;

/** A project's live document in the browser: IndexedDB, the /sync socket and BroadcastChannel. */
export interface BrowserSync {
  repo: Repo;
  adapter: TicketedSocketAdapter;
  /** The document handle, once the first ticket named it (or the last known id from this browser). */
  handle(): Promise<DocHandle<ProjectDoc>>;
  /** The room mode from the last ticket (a viewer's editor is read-only); null until one answered. */
  mode(): BrowserRoomMode;
  /**
   * Follows whether the document's changes are stored on the server ("Saved" means that): calls
   * `onChange` now and on every change of the answer (null: no server heard from yet and nothing
   * changed); returns the function that stops following.
   */
  watchSaved(handle: DocHandle<ProjectDoc>, onChange: (saved: boolean | null) => void): () => void;
  close(): Promise<void>;
}

/**
 * The document id this browser last used for a project. A read-only peer (the anonymous projector)
 * keeps its own: its ticket names the public document, which must never become an editor's fallback.
 */
const docIdKey = (projectId: string, readOnly?: boolean) => (readOnly ? `beamstage:sync-doc:public:${projectId}` : `beamstage:sync-doc:${projectId}`);
const DEFAULT_DATABASE = 'beamstage-sync';

/** Opens the live document of a project (loads the wasm first). */
export async function openBrowserSync(options: BrowserSyncOptions): Promise<BrowserSync> {
  await loadAutomerge();
  const storedId: string | null = globalThis.localStorage?.getItem(docIdKey(options.projectId, options.readOnly)) ?? null;
  let resolveDocId: (id: string) => void = () => undefined;
  const docIdKnown = new Promise<string>((resolve) => (resolveDocId = resolve));
  let mode: BrowserRoomMode = null;
  const readOnly = () => options.readOnly === true || mode === 'read-only';
  // A writer keeps the document's invariants after merges; a viewer's fixes could never leave it.
  // Followed at every ticket, not the first only: a member's role can change mid-session.
  let readyHandle: DocHandle<ProjectDoc> | null = null;
  let stopNormalizing: (() => void) | null = null;
  const followMode = () => {
    if (!readyHandle) return;
    if (!readOnly() && !stopNormalizing) stopNormalizing = normalizeOnRemoteChange(readyHandle);
    else if (readOnly() && stopNormalizing) {
      stopNormalizing();
      stopNormalizing = null;
    }
  };
  // The first ticket's answer names the document; the id this browser stored last time is only the
  // fallback when that ticket cannot be had (offline, refused), so a stale stored id never wins over
  // the server's. A promise resolves once: whichever comes first holds for this session.
  const fallBackToStoredId = () => {
    if (storedId) resolveDocId(storedId);
  };

  const requestTicket = async (): Promise<TicketResult> => {
    const token = await options.getToken();
    const res = await fetch(`${options.apiOrigin}/api/sync/ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ projectId: options.projectId }),
    });
    if (res.status === 401 || res.status === 403 || res.status === 404) {
      console.warn(`Sync room denied for ${options.projectId} (${res.status})`);
      return { denied: ROOM_DENIED_MESSAGE };
    }
    if (!res.ok) throw new Error(`ticket ${res.status}`); // retried with backoff
    const body = (await res.json()) as { url: string; documentId: string; mode?: unknown };
    // Before the document id resolves, so handle() opens it in this mode; an open one follows it now.
    mode = body.mode === 'read-only' ? 'read-only' : 'read-write';
    followMode();
    options.onMode?.(mode);
    globalThis.localStorage?.setItem(docIdKey(options.projectId, options.readOnly), body.documentId);
    resolveDocId(body.documentId);
    const ws = new URL(body.url, options.apiOrigin);
    ws.protocol = ws.protocol === 'https:' ? 'wss:' : 'ws:';
    return { url: ws.href };
  };
  const getTicketUrl = async (): Promise<TicketResult> => {
    try {
      const ticket = await requestTicket();
      if ('denied' in ticket) fallBackToStoredId();
      return ticket;
    } catch (err) {
      fallBackToStoredId();
      throw err;
    }
  };

  const adapter = new TicketedSocketAdapter({
    getTicketUrl,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    clock: options.clock,
    ...(options.onState ? { onState: options.onState } : {}),
    ...(options.onDecodeError ? { onDecodeError: options.onDecodeError } : {}),
    // Checked per message: a viewer learns it is read-only from its first ticket.
    outgoing: (m: Message) => (readOnly() ? withoutChanges(m, { decode: decodeSyncMessage, encode: encodeSyncMessage as (m: unknown) => Uint8Array }) : m),
  });
  const repo = new Repo({
    storage: new IndexedDBStorageAdapter(options.databaseName ?? DEFAULT_DATABASE),
    network: [adapter, new BroadcastChannelNetworkAdapter({ channelName: options.channelName ?? `beamstage-sync-${options.projectId}` })],
  });
  let handlePromise: Promise<DocHandle<ProjectDoc>> | null = null;
  return {
    repo,
    adapter,
    handle() {
      handlePromise ??= docIdKnown.then(async (id) => {
        // "Unavailable" is taken as "not yet": a socket lost before the server answered leaves the
        // handle unavailable (no peer had it), and the reconnected peer delivers it. Refusing there
        // would end real-time for the session over one dropped socket (a role change, a network blip).
        const handle = await repo.find<ProjectDoc>(id as DocumentId, { allowableStates: ['ready', 'unavailable'] });
        if (!handle.isReady()) await handle.whenReady(['ready']);
        readyHandle = handle;
        followMode();
        return handle;
      });
      return handlePromise;
    },
    mode: () => (options.readOnly ? 'read-only' : mode),
    watchSaved: (handle, onChange) => watchServerSaved(handle as DocHandle<unknown>, () => adapter.serverStorageId(), onChange),
    async close() {
      adapter.disconnect();
      await repo.shutdown().catch(() => undefined);
    },
  };
}
