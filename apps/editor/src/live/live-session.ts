import type { ProjectJson } from '@beamstage/layers';
import { createJsonExporter } from '@beamstage/layers';
import type { ConnectionState, DragValues, EphemeralChannel, RemotePresence } from '@beamstage/sync';
import type * as SyncBrowser from '@beamstage/sync/browser';
import type { Clock, TimerHandle } from '@beamstage/timeline';
import type { EditorStore, PeerView } from '../state/editor-store';
import { createFrameCoalescer } from '@beamstage/stage';
import type { FrameScheduler } from '@beamstage/stage';
import { createLiveFollower, type LiveFollower, type OverrideSource } from '@beamstage/stage';
import { initialsOf } from './presence-view';
import { EditHistory } from './edit-history';
import { currentGesture } from './gesture';
import { burstGroupOf, commandFor, operationFor } from './project-edits';
import { accessLostFrom } from './access-lost';
import { createRestCopy } from './rest-copy';
import type { DocOperation, ProjectEdit } from './project-edits';

/**
 * The parts of libs/sync the session uses, handed over with the document: the editor loads libs/sync
 * (Automerge and its wasm) in its own chunk after the first paint, and this file only names types.
 */
export type SyncKit = Pick<typeof SyncBrowser, 'runOperation' | 'channelOf' | 'createPresence' | 'createDragSender' | 'createDragReceiver'>;

/** The live document's handle, as libs/sync's runOperation takes it. */
export type ProjectHandle = Parameters<SyncKit['runOperation']>[0];

/**
 * While a drag is held still, its last frame is sent again this often: receivers drop an override
 * DRAG_OVERRIDE_MAX_MS (2 s) after its last frame, and a held corner must not snap back on the wall.
 */
export const DRAG_KEEPALIVE_MS = 500;

export interface LiveSelf {
  userId: string;
  name: string;
  color: string;
}

export interface LiveSessionOptions {
  store: EditorStore;
  frames: FrameScheduler;
  clock: Clock;
  self: LiveSelf;
  /** Told when the live document cannot be read (a hostile or broken change); the last good state stays. */
  onDocError?: (error: unknown) => void;
  /** Told when an edit is refused because the project is view-only for us. */
  onRefused?: (message: string) => void;
}

/** Why a viewer's edit does nothing. */
export const VIEW_ONLY_MESSAGE = 'You can view this project but not change it';

/** The editor's side of one open project: where edits go, and what the store shows. */
export interface LiveSession {
  /** The REST (or local-copy) project for the first paint; ignored once the live document is open. */
  firstPaint(project: ProjectJson): void;
  /** Performs an edit: on the live document when open, else on the local JSON (queued for the document). */
  edit(edit: ProjectEdit): void;
  /** Reverts this person's last edit step (only the values nobody has changed since), where edits go. */
  undo(): void;
  /** Replays the step undone last. */
  redo(): void;
  /** The live document is open: queued edits run on it and the store follows it from now on. */
  attach(handle: ProjectHandle, kit: SyncKit, channel?: EphemeralChannel): void;
  /** The room is read-only for us (a viewer's ticket): edits are refused from now on. */
  setViewOnly(viewOnly: boolean): void;
  /** Real-time is off for good (room denied, sync failed to start): the editor works over REST. */
  unavailable(reason: string): void;
  setConnection(state: ConnectionState): void;
  /** A drag frame: shown at once, sent to the others once per displayed frame. Nothing is written. */
  dragMove(target: string, values: DragValues): void;
  /** The drag's release: one edit carrying the final values, then the final frame. */
  dragEnd(target: string, values: DragValues, edit: ProjectEdit): void;
  select(layerId: string | null): void;
  isLive(): boolean;
  /** Edits waiting for the live document to open. */
  queued(): number;
  /** Lets the document go (page left, or a new connection will attach again); edits queue meanwhile. */
  detach(): void;
  /** Sends an ephemeral message (the timeline transport) to every peer of the room; nothing is written. */
  broadcast(message: unknown): void;
  /** A REST save takes its snapshot now: answers the mark that `adoptSaved` replays from. */
  restMark(): number;
  /** Edits made on the REST copy since `mark` (not in the save that took it). */
  restEditsSince(mark: number): number;
  /**
   * After a REST save whose answer kept newer server values: the store shows the server's project
   * (`server`) with the edits made since `mark` run on it again, so the next save cannot undo what
   * the server kept. Ignored while the live document is open (it carries the server's values).
   */
  adoptSaved(server: ProjectJson, mark: number): void;
  /**
   * A REST save that took `mark` reached the server: the edits up to it leave the queue for the
   * live document, which gets them (or the values the server kept over them) from the server.
   * Replayed on it, a kept one would write over the server's newer value after all.
   */
  restSaved(mark: number): void;
}

const toPeerView = (p: RemotePresence): PeerView => ({
  peerId: p.peerId,
  name: p.name,
  color: p.color,
  initials: initialsOf(p.name),
  selectedLayerId: p.selectedLayerId,
});

/**
 * Creates the session. Before the document opens, edits apply to the REST copy and wait in a queue
 * (they are never dropped: they run on the document the moment it opens); if real-time turns out
 * to be unavailable the queue is dropped and the edits stay in the REST copy, unsaved, as before.
 */
export function createLiveSession(options: LiveSessionOptions): LiveSession {
  const { store, frames, clock, self } = options;
  let handle: ProjectHandle | null = null;
  let off = false;
  /** Operations waiting for the document: edits as intent (a nudge stays a nudge), undo steps as recorded. */
  let queue: { operation: DocOperation; message: string; seq: number }[] = [];
  const history = new EditHistory();
  let editedWhileLive = false;
  let cleanup: (() => void)[] = [];
  let kit: SyncKit | null = null;
  let sender: ReturnType<SyncKit['createDragSender']> | null = null;
  let presence: ReturnType<SyncKit['createPresence']> | null = null;
  let ephemeral: EphemeralChannel | null = null;
  // The project while there is no live document: edited in the document shape (live/rest-copy.ts).
  const rest = createRestCopy();
  /** The store's project as the REST copy last set it (a valtio proxy): anything else is converted afresh. */
  let restShown: unknown = null;

  // The store follows the document through the incremental exporter: an edit converts only the
  // entries it touched, and the untouched ones keep their (frozen) identity, so valtio reuses their
  // proxies and snapshots instead of wrapping the whole project again (npm run bench:live-edit).
  let exportDoc = createJsonExporter();
  const readDoc = (): ProjectJson | null => {
    if (!handle) return null;
    try {
      return exportDoc(handle.doc());
    } catch (error) {
      options.onDocError?.(error);
      return null;
    }
  };
  /** Others' drags in progress, as plain copies for the store (valtio proxies what it is given). */
  const plainDrags = (drags: readonly (readonly [string, DragValues])[]): Record<string, DragValues> => {
    const out: Record<string, DragValues> = {};
    for (const [target, values] of drags)
      out[target] = {
        ...(values.x !== undefined ? { x: values.x } : {}),
        ...(values.y !== undefined ? { y: values.y } : {}),
        ...(values.points ? { points: values.points.map((p) => ({ ...p })) } : {}),
      };
    return out;
  };
  // The store follows the document through the same loop as the projector (libs/stage/live): a
  // document change exports once at the next frame, a remote drag frame only re-applies overrides,
  // and remote drags whose commit arrived are let go. The stage applies the drags itself, after the
  // timeline, so the store keeps the document and the drags apart.
  let follower: LiveFollower | null = null;
  const followDocument = (receiver: OverrideSource): LiveFollower => {
    let shownDocument: ProjectJson | null = null;
    return createLiveFollower({
      initial: null,
      readDocument: readDoc,
      overrides: receiver,
      frames,
      show: (_project, { document, drags }) => {
        // A drag frame re-draws on the same export: the store (a valtio proxy) hears only a new one.
        if (document !== shownDocument) store.project = shownDocument = document;
        store.remoteDrags = plainDrags(drags);
      },
    });
  };
  let keepalive: TimerHandle | null = null;
  const stopKeepalive = () => {
    if (keepalive !== null) clock.clearTimeout(keepalive);
    keepalive = null;
  };
  const sendFrame = (frame: { target: string; values: DragValues }) => {
    if (!sender) return;
    sender.move(frame.target, frame.values);
    stopKeepalive();
    keepalive = clock.setTimeout(() => sendFrame(frame), DRAG_KEEPALIVE_MS);
  };
  const dragFrames = createFrameCoalescer<{ target: string; values: DragValues }>(frames, sendFrame);

  /**
   * Runs `local` on the live document when it is open; else on the REST copy, with `replay`
   * queued for the document (the same change, in a form that still means it on a newer document).
   */
  const perform = (local: DocOperation, replay: DocOperation, message: string) => {
    if (handle && kit) {
      kit.runOperation(handle, local, message);
      editedWhileLive = true;
      // Our own edit shows at once (a controlled input must not lag a frame behind the keyboard).
      follower?.documentChanged();
      follower?.flush();
    } else if (store.project) {
      store.project = rest.apply(store.project === restShown ? null : store.project, local, replay);
      restShown = store.project;
      store.dirty = true;
      if (!off) queue.push({ operation: replay, message, seq: rest.edits() });
    }
    store.history = history.view();
  };
  const refused = () => {
    if (!store.viewOnly) return false;
    options.onRefused?.(VIEW_ONLY_MESSAGE);
    return true;
  };

  const detach = () => {
    for (const fn of cleanup) fn();
    cleanup = [];
    follower?.stop();
    follower = null;
    dragFrames.cancel();
    stopKeepalive();
    presence = null;
    sender = null;
    handle = null;
    kit = null;
    store.docReady = false;
    store.peers = [];
    store.remoteDrags = {};
  };

  const session: LiveSession = {
    firstPaint(project) {
      if (handle) return;
      store.project = project;
    },
    edit(edit) {
      if (refused()) return;
      const command = commandFor(edit);
      perform((d) => history.execute(d, command, burstGroupOf(edit), clock.now(), currentGesture()), operationFor(edit), edit.kind);
    },
    undo() {
      const step = history.nextUndo();
      if (refused() || !step) return;
      perform(
        (d) => void history.undo(d),
        (d) => step.undo(d),
        'undo',
      );
    },
    redo() {
      const step = history.nextRedo();
      if (refused() || !step) return;
      perform(
        (d) => void history.redo(d),
        (d) => step.execute(d),
        'redo',
      );
    },
    attach(next, sync, channel = sync.channelOf(next)) {
      if (off || handle) return;
      handle = next;
      kit = sync;
      exportDoc = createJsonExporter();
      // A viewer's edits made before the room said so stay out of the document (the server would refuse them).
      if (store.viewOnly) queue = [];
      for (const { operation, message } of queue) sync.runOperation(next, operation, message);
      // The queued edits are in the document (and its IndexedDB copy) now: nothing is waiting.
      if (queue.length > 0) store.dirty = false;
      queue = [];
      ephemeral = channel;
      sender = sync.createDragSender(channel);
      const rec = sync.createDragReceiver(channel, clock, () => follower?.overridesChanged());
      cleanup.push(() => rec.stop());
      const live = followDocument(rec);
      follower = live;
      const onChange = () => live.documentChanged();
      next.on('change', onChange);
      cleanup.push(() => void next.off('change', onChange));
      const pres = sync.createPresence(channel, clock, { ...self, selectedLayerId: store.selectedLayerId, sceneUpdate: null, timelineUpdate: null });
      presence = pres;
      const unsubscribe = pres.onChange((peers) => void (store.peers = peers.map(toPeerView)));
      cleanup.push(() => {
        unsubscribe();
        pres.stop();
      });
      store.docReady = true;
      store.loadError = null;
      live.documentChanged();
      live.flush();
    },
    unavailable(reason) {
      if (off) return;
      off = true;
      queue = [];
      store.liveUnavailable = reason;
      if (handle) {
        // Edits made on the document while it was open are in the REST copy only once saved
        // (not when access ended: no save can reach the project any more).
        if (editedWhileLive && store.accessLost === null) store.dirty = true;
        detach();
      }
    },
    setViewOnly(viewOnly) {
      store.viewOnly = viewOnly;
      if (viewOnly) {
        dragFrames.cancel();
        stopKeepalive();
        store.dragPreview = null;
      }
    },
    setConnection(state) {
      store.connection = { ...state };
      // An error retried by the adapter (a dropped or server-closed socket) is shown and waited out;
      // only an error for good (a refused ticket) turns real-time off.
      if (state.status === 'error' && !state.retrying) {
        // Removed from the project, or the project deleted: nothing here can be saved to it now, so
        // nothing is "unsaved" or "saving" any more and edits are refused like a viewer's.
        const lost = accessLostFrom(state);
        if (lost && store.accessLost === null) {
          store.accessLost = { reason: lost, unsent: store.serverSaved === false || store.dirty || queue.length > 0 };
          store.dirty = false;
          store.serverSaved = null;
          session.setViewOnly(true);
        }
        session.unavailable(state.error ?? 'Real-time collaboration is not available');
      }
    },
    dragMove(target, values) {
      if (store.viewOnly) return;
      // The store gets its own copy: valtio turns what it is given into proxies in place, and the
      // values still have to go out on the channel as plain data.
      store.dragPreview = { target, values: structuredClone(values) };
      if (sender) dragFrames.push({ target, values });
    },
    dragEnd(target, values, edit) {
      if (store.viewOnly) return;
      dragFrames.cancel();
      stopKeepalive();
      session.edit(edit);
      store.dragPreview = null;
      sender?.end(target, values);
    },
    select(layerId) {
      store.selectedLayerId = layerId;
      store.selectedLayerIds = layerId ? [layerId] : [];
      presence?.update({ selectedLayerId: layerId });
    },
    isLive: () => handle !== null,
    queued: () => queue.length,
    detach,
    broadcast(message) {
      if (handle) ephemeral?.broadcast(message);
    },
    restMark: () => rest.mark(),
    restEditsSince: (mark) => rest.editsSince(mark),
    restSaved(mark) {
      queue = queue.filter((entry) => entry.seq > mark);
    },
    adoptSaved(server, mark) {
      if (handle) return;
      store.project = rest.rebase(server, mark);
      restShown = store.project;
    },
  };
  return session;
}
