// Loaded with import() after the first frame, only for a project published with realtime on: this
// module is the player's only way into @beamstage/sync (Automerge and its wasm, fetched from the
// studio next to player.js), so a still show never loads any of it.
import { createJsonExporter, type ProjectJson } from '@beamstage/layers';
import { channelOf, createDragReceiver, openBrowserSync, type ConnectionState, type DragValues } from '@beamstage/sync/browser';
import { applyDragOverrides, browserClock, browserFrameScheduler, createFrameCoalescer, documentDragValues, type FrameCoalescer } from '@beamstage/stage';

/**
 * How long after the socket connects the player re-reads the document even without a change: until
 * then the public snapshot stays (a copy in this browser's IndexedDB may be older), as in the projector.
 */
export const SETTLE_AFTER_CONNECT_MS = 1000;

export interface LiveOptions {
  studioOrigin: string;
  projectId: string;
  /** A new base project: the live document with the editors' drags in progress on top. */
  onProject: (project: ProjectJson) => void;
  onState: (state: ConnectionState) => void;
}

export interface LivePlayer {
  /** Projects drawn from the live document so far. */
  draws(): number;
  close(): Promise<void>;
}

const clock = browserClock();

/**
 * Follows the published project's live document over the anonymous read-only room (POST
 * /api/sync/ticket without a token, then /sync): a document change re-exports it once per frame;
 * live drags (the ephemeral channel) are applied on the cached export at display rate.
 */
export async function startLive(options: LiveOptions): Promise<LivePlayer> {
  let connected = false;
  let settle: (() => void) | null = null;
  const sync = await openBrowserSync({
    apiOrigin: options.studioOrigin,
    projectId: options.projectId,
    getToken: async () => null,
    readOnly: true,
    // The host page's origin holds this database: its own name, never an editor's.
    databaseName: 'beamstage-player',
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
  const exportDoc = createJsonExporter();
  let base: ProjectJson | null = null;
  let dirty = false;
  let drawn = 0;
  let stopped = false;
  let frames: FrameCoalescer<true> | null = null;
  const receiver = createDragReceiver(channelOf(handle), clock, () => frames?.push(true));
  frames = createFrameCoalescer<true>(browserFrameScheduler(), () => {
    if (stopped) return;
    if (dirty) {
      dirty = false;
      base = exportDoc(handle.doc());
      // After the export, so a final drag frame the document now shows stops overriding it.
      for (const target of receiver.targets()) {
        const values = documentDragValues(base, target);
        if (values) receiver.reconcile(target, values);
      }
    }
    // A drag heard before the first document read has nothing to be drawn on yet.
    if (!base) return;
    const live: [string, DragValues][] = [];
    for (const target of receiver.targets()) {
      const values = receiver.get(target);
      if (values) live.push([target, values]);
    }
    drawn++;
    options.onProject(applyDragOverrides(base, live));
  });
  const coalescer = frames;
  const changed = () => {
    dirty = true;
    coalescer.push(true);
  };
  handle.on('change', changed);
  let settleTimer: ReturnType<typeof setTimeout> | null = null;
  settle = () => {
    settleTimer ??= setTimeout(changed, SETTLE_AFTER_CONNECT_MS);
  };
  if (connected) settle();
  return {
    draws: () => drawn,
    async close() {
      stopped = true;
      if (settleTimer) clearTimeout(settleTimer);
      handle.off('change', changed);
      coalescer.cancel();
      receiver.stop();
      await sync.close();
    },
  };
}
