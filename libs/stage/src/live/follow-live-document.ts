// The live half of every public viewer of a show (the projector, the embedded player): the published
// project's document over the anonymous read-only room, drawn with the editors' drags on top. Only
// loaded with import() after a first frame, as the one way into @beamstage/sync (Automerge and its
// wasm), so a still show never loads any of it.
import { createJsonExporter, type ProjectJson } from '@beamstage/layers';
import { channelOf, createDragReceiver, openBrowserSync, type ConnectionState, type EphemeralChannel } from '@beamstage/sync/browser';
import { browserClock } from '../browser-clock';
import { browserFrameScheduler } from '../frame-scheduler';
import { createLiveFollower, type LiveFollower } from './live-follower';

/**
 * How long after the socket connects the document is read even without a change. Until then the
 * public snapshot stays: a copy from this browser's IndexedDB may be older than the snapshot, and
 * the sync that brings it up to date arrives as a change well within.
 */
export const SETTLE_AFTER_CONNECT_MS = 1000;

export interface LiveDocumentOptions {
  /** The studio's origin (the api and its /sync socket). */
  apiOrigin: string;
  projectId: string;
  /** This viewer's own IndexedDB database: an editor's offline edits must never ride a read-only socket. */
  databaseName: string;
  /** What is shown already (the public snapshot), or null: nothing is drawn before the document is read. */
  initial: ProjectJson | null;
  /** A new project to draw: the live document with the editors' drags in progress on top. */
  show: (project: ProjectJson) => void;
  onState: (state: ConnectionState) => void;
  /** Each ephemeral message of the room (an editor's timeline transport, output commands). */
  onMessage?: (message: unknown) => void;
}

/** A followed live document. */
export interface LiveDocument {
  follower: LiveFollower;
  /** The room's ephemeral channel. */
  channel: EphemeralChannel;
  close(): Promise<void>;
}

const clock = browserClock();

/**
 * Opens the published project's live document anonymously (POST /api/sync/ticket without a token,
 * then /sync, read-only) and draws it through a LiveFollower: a document change is exported once per
 * frame (only what the change touched is converted again), drags apply at display rate.
 */
export async function followLiveDocument(options: LiveDocumentOptions): Promise<LiveDocument> {
  let connected = false;
  let settle: (() => void) | null = null;
  const sync = await openBrowserSync({
    apiOrigin: options.apiOrigin,
    projectId: options.projectId,
    getToken: async () => null,
    readOnly: true,
    databaseName: options.databaseName,
    clock,
    onState: (state) => {
      if (state.status === 'connected' && !connected) {
        connected = true;
        settle?.();
      }
      options.onState(state);
    },
  });
  const handle = await sync.handle();
  let follower: LiveFollower | null = null;
  const channel = channelOf(handle);
  const receiver = createDragReceiver(channel, clock, () => follower?.overridesChanged());
  const onMessage = options.onMessage;
  const unsubscribe = onMessage ? channel.subscribe((message) => onMessage(message)) : () => {};
  const exportDoc = createJsonExporter();
  follower = createLiveFollower({
    initial: options.initial,
    readDocument: () => exportDoc(handle.doc()),
    overrides: receiver,
    show: options.show,
    frames: browserFrameScheduler(),
  });
  const live = follower;
  const changed = () => live.documentChanged();
  handle.on('change', changed);
  let settleTimer: ReturnType<typeof setTimeout> | null = null;
  settle = () => {
    settleTimer ??= setTimeout(changed, SETTLE_AFTER_CONNECT_MS);
  };
  if (connected) settle();
  return {
    follower: live,
    channel,
    async close() {
      if (settleTimer) clearTimeout(settleTimer);
      handle.off('change', changed);
      live.stop();
      receiver.stop();
      unsubscribe();
      await sync.close();
    },
  };
}
