// Loaded with import() after the first frame: this module is the projector's only way into
// @beamstage/sync (Automerge and its wasm), so none of it weighs on the initial load.
import { createJsonExporter, type ProjectJson } from '@beamstage/layers';
import { browserLocalPort, channelOf, createDragReceiver, createLocalLink, mergeChannels, openBrowserSync, type ConnectionState, type EphemeralChannel } from '@beamstage/sync/browser';
import { readLocalProject } from './local-project';
import { browserClock, browserFrameScheduler } from '@beamstage/stage';
import { createLiveFollower, LOCAL_PREFERRED_MS, type LiveFollower } from './live-follower';

/**
 * How long after the socket connects the projector re-reads the document even without a change.
 * Until then the public snapshot stays on the wall: a copy from this browser's IndexedDB may be
 * older than the snapshot, and the sync that brings it up to date arrives as a change well within.
 */
export const SETTLE_AFTER_CONNECT_MS = 1000;

export interface LiveOptions {
  projectId: string;
  initial: ProjectJson;
  show: (project: ProjectJson) => void;
  onState: (state: ConnectionState) => void;
  onDraw?: (draws: number) => void;
  /** Each ephemeral message of the room (the editor's timeline transport). */
  onMessage?: (message: unknown) => void;
}

/** The running live projector. */
export interface LiveProjector {
  follower: LiveFollower;
  /** The room's ephemeral channel (output commands and the projector's presence ride it). */
  channel: EphemeralChannel;
  close(): Promise<void>;
}

const clock = browserClock();

/** Opens the project's live document anonymously (read-only) and redraws the wall from it. */
export async function startLive(options: LiveOptions): Promise<LiveProjector> {
  let connected = false;
  let settle: (() => void) | null = null;
  const sync = await openBrowserSync({
    apiOrigin: window.location.origin,
    projectId: options.projectId,
    getToken: async () => null,
    readOnly: true,
    // Its own database: an editor's offline edits in the same browser must not ride a read-only socket.
    databaseName: 'beamstage-projector',
    // Its own BroadcastChannel for the document too: it holds the public document, not the editor's.
    channelName: `beamstage-projector-sync-${options.projectId}`,
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
  // Same machine (issue 17): an editor in this browser profile reaches us over BroadcastChannel too,
  // with its drags, output commands and its project, even when the server is far away or gone.
  const port = browserLocalPort(options.projectId);
  const local = port ? createLocalLink(port, sync.repo.peerId) : null;
  const channel = local ? mergeChannels(channelOf(handle), local) : channelOf(handle);
  const receiver = createDragReceiver(channel, clock, () => follower?.overridesChanged());
  const onMessage = options.onMessage;
  const unsubscribe = onMessage ? channel.subscribe((message) => onMessage(message)) : () => {};
  const show = options.show;
  const exportDoc = createJsonExporter();
  follower = createLiveFollower({
    initial: options.initial,
    // Only what a change touched is converted again (libs/layers' createJsonExporter).
    readDocument: () => exportDoc(handle.doc()),
    overrides: receiver,
    show: (project) => {
      show(project);
      options.onDraw?.(follower?.draws() ?? 0);
    },
    frames: browserFrameScheduler(),
    now: () => performance.now(),
  });
  const live = follower;
  handle.on('change', () => live.documentChanged());
  let localTimer: ReturnType<typeof setTimeout> | null = null;
  const offLocal =
    local?.subscribe((message) => {
      const project = readLocalProject(message, options.projectId);
      if (!project) return;
      live.localDocument(project);
      // When the editor goes quiet, the server's document is the source again.
      if (localTimer) clearTimeout(localTimer);
      localTimer = setTimeout(() => live.documentChanged(), LOCAL_PREFERRED_MS + 50);
    }) ?? (() => {});
  let settleTimer: ReturnType<typeof setTimeout> | null = null;
  settle = () => {
    settleTimer ??= setTimeout(() => live.documentChanged(), SETTLE_AFTER_CONNECT_MS);
  };
  if (connected) settle();
  return {
    follower: live,
    channel,
    async close() {
      if (settleTimer) clearTimeout(settleTimer);
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
