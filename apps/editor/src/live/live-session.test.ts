import { Repo } from '@automerge/automerge-repo';
import { toJson } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import type { Layer, ProjectJson } from '@beamstage/layers';
import * as sync from '@beamstage/sync';
import { createProjectDoc, DRAG_OVERRIDE_MAX_MS, parseDragMessage } from '@beamstage/sync';
import type { EphemeralChannel } from '@beamstage/sync';
import { createManualClock } from '@beamstage/timeline';
import { afterAll, describe, expect, it } from 'vitest';
import { createEditorStore } from '../state/editor-store';
import type { FrameScheduler } from '@beamstage/stage';
import { createLiveSession, DRAG_KEEPALIVE_MS, VIEW_ONLY_MESSAGE } from './live-session';
import { withCorner } from './project-edits';

const repo = new Repo();
afterAll(() => repo.shutdown());

function manualFrames() {
  const waiting = new Map<number, () => void>();
  let next = 1;
  const scheduler: FrameScheduler = {
    request: (cb) => (waiting.set(next, cb), next++),
    cancel: (h) => void waiting.delete(h),
  };
  return {
    scheduler,
    frame() {
      const due = [...waiting.values()];
      waiting.clear();
      for (const cb of due) cb();
    },
  };
}

/** The ephemeral channel of a handle, recorded: what we broadcast, and a way to receive as another peer. */
function recordingChannel() {
  const sent: unknown[] = [];
  const listeners = new Set<(message: unknown, senderId: string) => void>();
  const channel: EphemeralChannel = {
    broadcast: (m) => void sent.push(structuredClone(m)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { channel, sent, deliver: (m: unknown, senderId = 'peer-b') => listeners.forEach((l) => l(m, senderId)) };
}

function setup(project: ProjectJson = buildProjectJson(['image', 'image']), refused?: string[]) {
  const store = createEditorStore();
  const frames = manualFrames();
  const clock = createManualClock();
  const session = createLiveSession({
    store,
    frames: frames.scheduler,
    clock,
    self: { userId: 'u1', name: 'Ada Lovelace', color: '#22d3ee' },
    ...(refused ? { onRefused: (m: string) => void refused.push(m) } : {}),
  });
  session.firstPaint(project);
  const handle = createProjectDoc(repo, project);
  const ch = recordingChannel();
  return { store, frames, clock, session, handle, ch, project };
}

const heads = (h: { heads(): string[] | undefined }) => JSON.stringify(h.heads());
const drags = (sent: unknown[]) => sent.map(parseDragMessage).filter((m) => m !== null);

describe('live session: where edits go', () => {
  it('edits before the document opens show at once, wait in a queue, and all land in the document', () => {
    const { store, session, handle, ch } = setup();
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.3 });
    session.edit({ kind: 'nudge-layer', id: 'L1', dx: 10, dy: 0 });
    session.edit({ kind: 'rename-project', name: 'Before the doc' });
    expect(store.project?.layers[0]?.opacity).toBe(0.3);
    expect(store.dirty).toBe(true);
    expect(session.queued()).toBe(3);
    const x1 = toJson(handle.doc()).layers[1]!.x;
    session.attach(handle, sync, ch.channel);
    const doc = toJson(handle.doc());
    expect(doc.layers[0]?.opacity).toBe(0.3);
    expect(doc.layers[1]?.x).toBe(x1 + 10);
    expect(doc.metadata.name).toBe('Before the doc');
    expect(session.queued()).toBe(0);
    expect(store.dirty).toBe(false);
    expect(store.docReady).toBe(true);
    expect(store.project).toEqual(doc);
  });

  it('after attach every edit is a document change and the store shows it without waiting a frame', () => {
    const { store, session, handle, ch } = setup();
    session.attach(handle, sync, ch.channel);
    const before = heads(handle);
    session.edit({ kind: 'rename-project', name: 'Cathedral' });
    expect(heads(handle)).not.toBe(before);
    expect(handle.doc().metadata.name).toBe('Cathedral');
    expect(store.project?.metadata.name).toBe('Cathedral');
    expect(store.dirty).toBe(false);
  });

  it('remote changes reach the store once per frame', () => {
    const { store, session, handle, ch, frames } = setup();
    session.attach(handle, sync, ch.channel);
    handle.change((d) => void (d.metadata.name = 'one'));
    handle.change((d) => void (d.metadata.name = 'two'));
    expect(store.project?.metadata.name).not.toBe('two');
    frames.frame();
    expect(store.project?.metadata.name).toBe('two');
  });

  it('when real-time is unavailable the queue is dropped and the edits stay, unsaved, in the REST copy', () => {
    const { store, session, handle, ch } = setup();
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.5 });
    session.setConnection({ status: 'error', slow: false, attempt: 0, error: 'denied' });
    expect(store.liveUnavailable).toBe('denied');
    expect(session.queued()).toBe(0);
    session.attach(handle, sync, ch.channel); // a late document must not take over
    expect(session.isLive()).toBe(false);
    session.edit({ kind: 'set-opacity', id: 'L1', opacity: 0.7 });
    expect(store.project?.layers.map((l) => l.opacity)).toEqual([0.5, 0.7]);
    expect(store.dirty).toBe(true);
    expect(toJson(handle.doc()).layers.map((l) => l.opacity)).toEqual([1, 1]);
  });

  it('a websocket error being retried keeps the document and the edits: shown in the store, not real-time off', () => {
    const { store, session, handle, ch } = setup();
    session.attach(handle, sync, ch.channel);
    session.setConnection({ status: 'error', slow: false, attempt: 1, error: 'connection lost', retrying: true });
    expect(store.connection).toMatchObject({ status: 'error', error: 'connection lost', retrying: true });
    expect(store.liveUnavailable).toBeNull();
    expect(session.isLive()).toBe(true);
    // Edits made meanwhile go on the live document (IndexedDB keeps them until the socket is back).
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.4 });
    expect(toJson(handle.doc()).layers[0]?.opacity).toBe(0.4);
    session.setConnection({ status: 'connected', slow: false, attempt: 0 });
    expect(store.connection).toEqual({ status: 'connected', slow: false, attempt: 0 });
    expect(store.liveUnavailable).toBeNull();
  });

  it('removed from the project while editing live: access is lost for good, nothing is "unsaved", edits are refused', () => {
    const refused: string[] = [];
    const { store, session, handle, ch } = setup(undefined, refused);
    session.attach(handle, sync, ch.channel);
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.4 });
    store.serverSaved = false; // the last edit had not been stored by the server yet
    // The server closes the socket ("member removed"), then refuses the retry's ticket.
    session.setConnection({ status: 'error', slow: false, attempt: 1, error: 'you were removed from this project', retrying: true });
    expect(store.accessLost).toBeNull();
    const removed = 'Real-time collaboration stopped: you were removed from this project';
    session.setConnection({ status: 'error', slow: false, attempt: 1, error: removed, retrying: false, closedBy: 'member removed' });
    expect(store.accessLost).toEqual({ reason: 'removed', unsent: true });
    expect(store.liveUnavailable).toBe(removed);
    // Before, the edits made live turned into "Unsaved changes" (with Retry): no save can reach the project now.
    expect(store.dirty).toBe(false);
    expect(store.serverSaved).toBeNull();
    expect(store.viewOnly).toBe(true);
    session.edit({ kind: 'set-opacity', id: 'L1', opacity: 0.2 });
    expect(refused).toEqual([VIEW_ONLY_MESSAGE]);
    expect(store.dirty).toBe(false);
  });

  it('a refusal for good after any other close, or none, is no lost access; a deleted project is', () => {
    const other = setup();
    other.session.setConnection({ status: 'error', slow: false, attempt: 0, error: 'denied', retrying: false });
    expect(other.store.accessLost).toBeNull();
    const moved = setup();
    moved.session.setConnection({ status: 'error', slow: false, attempt: 0, error: 'x', retrying: false, closedBy: 'room moved to another instance' });
    expect(moved.store.accessLost).toBeNull();
    const deleted = setup();
    deleted.session.setConnection({ status: 'error', slow: false, attempt: 0, error: 'x', retrying: false, closedBy: 'project deleted' });
    expect(deleted.store.accessLost).toEqual({ reason: 'deleted', unsent: false });
  });

  it('a REST answer arriving after the document opened does not replace it', () => {
    const { store, session, handle, ch, project } = setup();
    session.attach(handle, sync, ch.channel);
    session.edit({ kind: 'rename-project', name: 'live' });
    session.firstPaint(project);
    expect(store.project?.metadata.name).toBe('live');
  });
});

describe('live session: drags', () => {
  it('a viewer (read-only room) changes nothing: edits and drags are refused with the reason, nothing is sent', () => {
    const refused: string[] = [];
    const { store, frames, session, handle, ch, project } = setup(undefined, refused);
    session.setViewOnly(true);
    session.attach(handle, sync, ch.channel);
    const start = heads(handle);
    session.edit({ kind: 'rename-project', name: 'Not mine' });
    session.dragMove('L0', { x: 1, y: 2 });
    frames.frame();
    session.dragEnd('L0', { x: 1, y: 2 }, { kind: 'move-layer', id: 'L0', x: 1, y: 2 });
    expect(heads(handle)).toBe(start);
    expect(store.project?.metadata.name).toBe(project.metadata.name);
    expect(store.dragPreview).toBe(null);
    expect(drags(ch.sent)).toHaveLength(0);
    expect(refused).toEqual([VIEW_ONLY_MESSAGE]);
    expect(store.dirty).toBe(false);
  });

  it('a role change while the document is open: demoted mid-drag stops the drag and refuses edits, keeping the earlier ones; promoted edits again', () => {
    const refused: string[] = [];
    const { store, session, handle, ch } = setup(undefined, refused);
    session.setViewOnly(false);
    session.attach(handle, sync, ch.channel);
    session.edit({ kind: 'rename-project', name: 'Before the change' });
    session.dragMove('L0', { x: 5, y: 6 });
    expect(store.dragPreview).not.toBe(null);
    // The reconnect's ticket is read-only: the held drag ends and nothing more is written.
    session.setViewOnly(true);
    expect(store.viewOnly).toBe(true);
    expect(store.dragPreview).toBe(null);
    const demoted = heads(handle);
    session.edit({ kind: 'rename-project', name: 'While a viewer' });
    expect(heads(handle)).toBe(demoted);
    expect(refused).toEqual([VIEW_ONLY_MESSAGE]);
    // The edit made before the change stays in the document (this device's copy).
    expect(toJson(handle.doc()).metadata.name).toBe('Before the change');
    // Promoted: the same open document takes edits again.
    session.setViewOnly(false);
    session.edit({ kind: 'rename-project', name: 'Editing again' });
    expect(toJson(handle.doc()).metadata.name).toBe('Editing again');
    expect(store.project?.metadata.name).toBe('Editing again');
    expect(refused).toHaveLength(1);
  });

  it('sends one frame per displayed frame, writes nothing during the drag, and commits once at release', () => {
    const { store, session, handle, ch, frames } = setup();
    session.attach(handle, sync, ch.channel);
    const start = heads(handle);
    const points0 = toJson(handle.doc()).layers[0]!.warp.points;
    const at = (i: number) => ({ points: withCorner(points0, 2, { x: 500 + i, y: 400 + i }) });
    for (let i = 1; i <= 5; i += 1) session.dragMove('L0', at(i));
    expect(store.dragPreview).toEqual({ target: 'L0', values: at(5) });
    expect(drags(ch.sent)).toHaveLength(0);
    frames.frame();
    expect(drags(ch.sent).map((m) => m.points?.[2])).toEqual([{ x: 505, y: 405 }]);
    for (let i = 6; i <= 9; i += 1) session.dragMove('L0', at(i));
    frames.frame();
    session.dragMove('L0', at(10));
    expect(heads(handle)).toBe(start);

    session.dragEnd('L0', at(10), { kind: 'set-warp-points', id: 'L0', points: at(10).points });
    frames.frame(); // the frame asked for by the last move must not send after the release
    const sent = drags(ch.sent);
    expect(sent.map((m) => [m.points?.[2]?.x, m.final ?? false])).toEqual([
      [505, false],
      [509, false],
      [510, true],
    ]);
    expect(sent.map((m) => m.seq)).toEqual([...sent.map((m) => m.seq)].sort((a, b) => a - b));
    expect(handle.history()?.length).toBe(1 + 1); // creation + the one commit
    expect(toJson(handle.doc()).layers[0]!.warp).toMatchObject({ enabled: true, points: at(10).points });
    expect(store.dragPreview).toBeNull();
  });

  it('re-sends a held drag every DRAG_KEEPALIVE_MS so receivers keep the override, and stops at release', () => {
    const { session, handle, ch, frames, clock } = setup();
    session.attach(handle, sync, ch.channel);
    session.dragMove('L0', { x: 10, y: 20 });
    frames.frame();
    expect(drags(ch.sent)).toHaveLength(1);
    clock.advance(DRAG_KEEPALIVE_MS - 1);
    expect(drags(ch.sent)).toHaveLength(1);
    clock.advance(1);
    clock.advance(DRAG_KEEPALIVE_MS);
    expect(drags(ch.sent).map((m) => [m.x, m.final ?? false])).toEqual([
      [10, false],
      [10, false],
      [10, false],
    ]);
    // Every held interval is shorter than the receivers' 2 s override lifetime.
    expect(DRAG_KEEPALIVE_MS).toBeLessThan(DRAG_OVERRIDE_MAX_MS);
    session.dragEnd('L0', { x: 10, y: 20 }, { kind: 'move-layer', id: 'L0', x: 10, y: 20 });
    clock.advance(DRAG_KEEPALIVE_MS * 4);
    expect(drags(ch.sent).map((m) => m.final ?? false)).toEqual([false, false, false, true]);
  });

  it('without a document a drag shows locally and commits to the REST copy, sending nothing', () => {
    const { store, session, ch } = setup();
    session.dragMove('L0', { x: 10, y: 20 });
    session.dragEnd('L0', { x: 10, y: 20 }, { kind: 'move-layer', id: 'L0', x: 10, y: 20 });
    expect(ch.sent).toHaveLength(0);
    expect(store.project?.layers[0]).toMatchObject({ x: 10, y: 20 });
    expect(store.dirty).toBe(true);
  });

  it("keeps another editor's live drag as an override until its commit is in the document", () => {
    const { store, session, handle, ch, frames } = setup();
    session.attach(handle, sync, ch.channel);
    ch.deliver({ kind: 'drag', target: 'L1', seq: 1, x: 123, y: 45 });
    frames.frame();
    expect(store.remoteDrags['L1']).toEqual({ x: 123, y: 45 });
    ch.deliver({ kind: 'drag', target: 'L1', seq: 2, x: 130, y: 50, final: true });
    handle.change((d) => {
      d.layers['L1']!.x = 130;
      d.layers['L1']!.y = 50;
    });
    frames.frame();
    frames.frame();
    expect(store.remoteDrags['L1']).toBeUndefined();
    expect(store.project?.layers[1]).toMatchObject({ x: 130, y: 50 });
  });

  it("another editor's drag frames redraw from the last export: the document is not exported again per frame", () => {
    const { store, session, handle, ch, frames } = setup();
    session.attach(handle, sync, ch.channel);
    const projectBefore = store.project;
    for (let seq = 1; seq <= 5; seq++) {
      ch.deliver({ kind: 'drag', target: 'L1', seq, x: 100 + seq, y: 45 });
      frames.frame();
    }
    expect(store.remoteDrags['L1']).toEqual({ x: 105, y: 45 });
    // The same exported project object: five frames, no document export.
    expect(store.project).toBe(projectBefore);
    handle.change((d) => void (d.metadata.name = 'changed elsewhere'));
    frames.frame();
    expect(store.project).not.toBe(projectBefore);
    expect(store.project?.metadata.name).toBe('changed elsewhere');
  });
});

describe('live session: presence', () => {
  it('publishes our selection and lists the others with initials; a hostile name stays plain text', () => {
    const { store, session, handle, ch } = setup();
    session.attach(handle, sync, ch.channel);
    const presence = () => ch.sent.filter((m) => (m as { kind?: string }).kind === 'presence') as { selectedLayerId: string | null; name: string }[];
    expect(presence().at(-1)).toMatchObject({ name: 'Ada Lovelace', selectedLayerId: null });
    session.select('L1');
    expect(store.selectedLayerId).toBe('L1');
    expect(presence().at(-1)?.selectedLayerId).toBe('L1');

    ch.deliver({ kind: 'presence', userId: 'u2', name: '<img src=x onerror=alert(1)> Grace\u202e', color: '#ff2e97', selectedLayerId: 'L0' }, 'peer-g');
    expect(store.peers).toEqual([{ peerId: 'peer-g', name: '<img src=x onerror=alert(1)> Grace', color: '#ff2e97', initials: 'IG', selectedLayerId: 'L0' }]);
    ch.deliver({ kind: 'presence-leave' }, 'peer-g');
    expect(store.peers).toEqual([]);
  });

  it('stops presence (and says goodbye) when the document is let go', () => {
    const { store, session, handle, ch } = setup();
    session.attach(handle, sync, ch.channel);
    ch.deliver({ kind: 'presence', userId: 'u2', name: 'Grace', color: '#ff2e97', selectedLayerId: null }, 'peer-g');
    session.detach();
    expect(ch.sent.at(-1)).toEqual({ kind: 'presence-leave' });
    expect(store.peers).toEqual([]);
    expect(store.docReady).toBe(false);
  });
});

describe('live session: undo and redo (own edits only)', () => {
  const layer = (store: ReturnType<typeof createEditorStore>, id: string) => store.project!.layers.find((l) => l.id === id)!;

  it('undoes and redoes on the live document, and says what it would do', () => {
    const { store, session, handle, ch } = setup();
    session.attach(handle, sync, ch.channel);
    expect(store.history).toEqual({ undo: null, redo: null });
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.4 });
    session.edit({ kind: 'toggle-visible', id: 'L1' });
    expect(store.history).toEqual({ undo: 'Show or hide layer', redo: null });
    session.undo();
    expect(layer(store, 'L1').visible).toBe(true);
    session.undo();
    expect(toJson(handle.doc()).layers.map((l) => l.opacity)).toEqual([1, 1]);
    expect(store.history).toEqual({ undo: null, redo: 'Change opacity' });
    session.undo(); // nothing left: no change
    session.redo();
    expect(toJson(handle.doc()).layers[0]!.opacity).toBe(0.4);
    expect(store.history).toEqual({ undo: 'Change opacity', redo: 'Show or hide layer' });
  });

  it("keeps a collaborator's later change to the same layer, and their change to the same field", () => {
    const { session, handle, ch } = setup();
    session.attach(handle, sync, ch.channel);
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.4 });
    session.edit({ kind: 'set-opacity', id: 'L1', opacity: 0.3 });
    // Another peer's changes arrive: L0 renamed, L1's opacity set again.
    handle.change((d) => {
      d.layers['L0']!.name = 'Theirs';
      d.layers['L1']!.opacity = 0.9;
    });
    session.undo(); // L1: their 0.9 stays
    session.undo(); // L0: my opacity goes back, their name stays
    const layers = toJson(handle.doc()).layers;
    expect(layers.map((l) => [l.name, l.opacity])).toEqual([
      ['Theirs', 1],
      [layers[1]!.name, 0.9],
    ]);
  });

  it('a burst of edits to one field (typing, a slider) is one step; a pause starts the next', () => {
    const { store, session, handle, ch, clock } = setup();
    session.attach(handle, sync, ch.channel);
    for (const name of ['S', 'St', 'Sta', 'Stag', 'Stage']) {
      session.edit({ kind: 'rename-project', name });
      clock.advance(200);
    }
    clock.advance(2000);
    session.edit({ kind: 'rename-project', name: 'Stage 2' });
    session.undo();
    expect(store.project?.metadata.name).toBe('Stage');
    session.undo();
    expect(toJson(handle.doc()).metadata.name).toBe(buildProjectJson(['image', 'image']).metadata.name);
    session.redo();
    expect(store.project?.metadata.name).toBe('Stage');
  });

  it('undoes an added layer and brings a removed one back', () => {
    const { store, session, handle, ch } = setup();
    session.attach(handle, sync, ch.channel);
    const added = { ...buildProjectJson(['image']).layers[0]!, id: 'L9', name: 'New' } as Layer;
    session.edit({ kind: 'add-layer', layer: added });
    expect(toJson(handle.doc()).layers.map((l) => l.id)).toContain('L9');
    session.undo();
    expect(toJson(handle.doc()).layers.map((l) => l.id)).toEqual(['L0', 'L1']);
    session.edit({ kind: 'remove-layer', id: 'L0' });
    expect(store.project?.layers.map((l) => l.id)).toEqual(['L1']);
    session.undo();
    expect(toJson(handle.doc()).layers.map((l) => l.id)).toEqual(['L0', 'L1']);
    expect(store.history.redo).toBe('Remove layer');
  });

  it('an undo made before the document opens is replayed on it with the edits', () => {
    const { store, session, handle, ch } = setup();
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.5 });
    session.edit({ kind: 'rename-layer', id: 'L1', name: 'Kept' });
    session.undo();
    expect(layer(store, 'L1').name).not.toBe('Kept');
    expect(session.queued()).toBe(3);
    session.attach(handle, sync, ch.channel);
    const layers = toJson(handle.doc()).layers;
    expect(layers[0]!.opacity).toBe(0.5);
    expect(layers[1]!.name).not.toBe('Kept');
    session.redo();
    expect(toJson(handle.doc()).layers[1]!.name).toBe('Kept');
  });

  it('works on the REST copy when real-time is unavailable, and marks it unsaved', () => {
    const { store, session } = setup();
    session.setConnection({ status: 'error', slow: false, attempt: 0, error: 'denied' });
    session.edit({ kind: 'toggle-warp', id: 'L0' });
    store.dirty = false;
    session.undo();
    expect(layer(store, 'L0').warp.enabled).toBe(buildProjectJson(['image', 'image']).layers[0]!.warp.enabled);
    expect(store.dirty).toBe(true);
  });

  it("a viewer's undo is refused with the reason", () => {
    const store = createEditorStore();
    const refusals: string[] = [];
    const viewer = createLiveSession({
      store,
      frames: manualFrames().scheduler,
      clock: createManualClock(),
      self: { userId: 'u2', name: 'V', color: '#fff' },
      onRefused: (m) => refusals.push(m),
    });
    viewer.firstPaint(buildProjectJson(['image']));
    viewer.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.2 });
    viewer.setViewOnly(true);
    viewer.undo();
    expect(refusals).toEqual([VIEW_ONLY_MESSAGE]);
    expect(layer(store, 'L0').opacity).toBe(0.2);
  });
});
