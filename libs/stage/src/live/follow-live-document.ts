// The live half of every public viewer of a show (the projector, the embedded player): the published
// project's document over the anonymous read-only room, drawn with the editors' drags on top. Only
// loaded with import() after a first frame, as the one way into @beamstage/sync (Automerge and its
// wasm), so a still show never loads any of it.
import { createJsonExporter, type ProjectJson } from '@beamstage/layers';
import {
  browserLocalPort,
  channelOf,
  createDragReceiver,
  createLocalLink,
  mergeChannels,
  openBrowserSync,
  type ConnectionState,
  type EphemeralChannel,
} from '@beamstage/sync/browser';
import { browserClock } from '../browser-clock';
import { browserFrameScheduler } from '../frame-scheduler';
import { createLiveFollower, LOCAL_PREFERRED_MS, type LiveFollower } from '../live-follower';
import { readLocalProject } from './local-project';

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
  /**
   * Same machine, no server hop (the projector): also hear an editor of this browser
   * profile over BroadcastChannel (its drags, output commands and project), and keep this viewer's
   * Repo off the editors' own BroadcastChannel (it holds the public document, not theirs).
   */
  localLink?: boolean;
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
    ...(options.localLink ? { channelName: `beamstage-projector-sync-${options.projectId}` } : {}),
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
  const port = options.localLink ? browserLocalPort(options.projectId) : null;
  const local = port ? createLocalLink(port, sync.repo.peerId) : null;
  const channel = local ? mergeChannels(channelOf(handle), local) : channelOf(handle);
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
    now: () => clock.now(),
  });
  const live = follower;
  const changed = () => live.documentChanged();
  handle.on('change', changed);
  let localTimer: ReturnType<typeof setTimeout> | null = null;
  const offLocal =
    local?.subscribe((message) => {
      const project = readLocalProject(message, options.projectId);
      if (!project) return;
      live.localDocument(project);
      // When the editor goes quiet, the server's document is the source again.
      if (localTimer) clearTimeout(localTimer);
      localTimer = setTimeout(changed, LOCAL_PREFERRED_MS + 50);
    }) ?? (() => undefined);
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
      offLocal();
      if (localTimer) clearTimeout(localTimer);
      local?.close();
      unsubscribe();
      await sync.close();
    },
  };
}
