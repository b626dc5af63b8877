import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { ProjectId, ProjectJson } from '@beamstage/layers';
import { createDragReceiver, createDragSender, type EphemeralChannel } from '@beamstage/sync';
import { createManualClock } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { createLiveFollower, LOCAL_PREFERRED_MS } from './live-follower';

/** One editor and one projector on an in-memory ephemeral channel. */
function channels(): { editor: EphemeralChannel; projector: EphemeralChannel } {
  const listeners: ((m: unknown, sender: string) => void)[] = [];
  return {
    editor: { broadcast: (m) => listeners.forEach((l) => l(structuredClone(m), 'editor')), subscribe: () => () => undefined },
    projector: {
      broadcast: () => undefined,
      subscribe: (l) => {
        listeners.push(l);
        return () => listeners.splice(listeners.indexOf(l), 1);
      },
    },
  };
}

function setup(options: { withSnapshot: boolean } = { withSnapshot: true }) {
  const doc = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
  const layer = createLayer('image');
  layer.x = 10;
  doc.layers.push(layer);
  const initial = structuredClone(doc);
  const frames: (() => void)[] = [];
  const shown: ProjectJson[] = [];
  let exports = 0;
  const clock = createManualClock();
  const { editor, projector } = channels();
  const sender = createDragSender(editor);
  let onOverrides = () => undefined as void;
  const receiver = createDragReceiver(projector, clock, () => onOverrides());
  const follower = createLiveFollower({
    initial: options.withSnapshot ? initial : null,
    readDocument: () => {
      exports++;
      return structuredClone(doc);
    },
    overrides: receiver,
    show: (p) => shown.push(p),
    frames: { request: (cb: () => void) => frames.push(cb), cancel: () => undefined },
  });
  onOverrides = () => follower.overridesChanged();
  const frame = () => frames.splice(0).forEach((cb) => cb());
  return { doc, layer, initial, frames, frame, shown, exports: () => exports, sender, receiver, follower };
}

describe('createLiveFollower', () => {
  it('redraws once per frame for a burst of document changes, exporting the document once', () => {
    const s = setup();
    s.doc.layers[0]!.x = 20;
    s.follower.documentChanged();
    s.doc.layers[0]!.x = 30;
    s.follower.documentChanged();
    expect(s.frames).toHaveLength(1);
    s.frame();
    expect(s.exports()).toBe(1);
    expect(s.shown.map((p) => p.layers[0]!.x)).toEqual([30]);
    expect(s.follower.draws()).toBe(1);
  });

  it('draws drag frames at display rate on the cached export, then hands over to the committed document', () => {
    const s = setup();
    const id = s.layer.id;
    for (const x of [11, 12, 13]) {
      s.sender.move(id, { x, y: 0 });
      s.frame();
    }
    // Three drag frames, three draws, no document export: the base is the snapshot on the wall.
    expect(s.shown.map((p) => p.layers[0]!.x)).toEqual([11, 12, 13]);
    expect(s.exports()).toBe(0);
    s.sender.end(id, { x: 14, y: 0 });
    s.frame();
    expect(s.shown.at(-1)!.layers[0]!.x).toBe(14);
    // The commit reaches the document 100 ms later: the override goes, the document alone says 14.
    s.doc.layers[0]!.x = 14;
    s.doc.layers[0]!.y = 0;
    s.follower.documentChanged();
    s.frame();
    expect(s.receiver.size()).toBe(0);
    expect(s.shown.at(-1)!.layers[0]!.x).toBe(14);
    expect(s.exports()).toBe(1);
  });

  it('keeps a final override while the document still shows older values', () => {
    const s = setup();
    const id = s.layer.id;
    s.sender.end(id, { x: 99, y: 0 });
    s.follower.documentChanged(); // an unrelated change, before the commit
    s.frame();
    expect(s.receiver.size()).toBe(1);
    expect(s.shown.at(-1)!.layers[0]!.x).toBe(99);
  });

  it('lets a final drag frame go when the document already shows it (the commit arrived first)', () => {
    const s = setup();
    const id = s.layer.id;
    s.doc.layers[0]!.x = 42;
    s.doc.layers[0]!.y = 0;
    s.follower.documentChanged();
    s.frame();
    expect(s.exports()).toBe(1);
    s.sender.end(id, { x: 42, y: 0 });
    s.frame();
    // No document change follows: the override still goes, so a later edit of x is not hidden by it.
    expect(s.receiver.size()).toBe(0);
    expect(s.exports()).toBe(1);
  });

  it('shows the document and the live drags apart as well as applied, and flush() draws at once', () => {
    const parts: { x: number; drags: number }[] = [];
    const s = setup();
    const follower = createLiveFollower({
      initial: s.initial,
      readDocument: () => structuredClone(s.doc),
      overrides: s.receiver,
      show: (_p, { document, drags }) => parts.push({ x: document.layers[0]!.x, drags: drags.length }),
      frames: { request: () => 0, cancel: () => undefined },
    });
    s.sender.move(s.layer.id, { x: 77, y: 0 });
    follower.overridesChanged();
    follower.flush();
    expect(parts).toEqual([{ x: 10, drags: 1 }]);
  });

  it('keeps the last good state when the document cannot be read, and reads again at the next change', () => {
    let readable = false;
    const shown: number[] = [];
    const s = setup();
    const follower = createLiveFollower({
      initial: s.initial,
      readDocument: () => (readable ? structuredClone(s.doc) : null),
      overrides: s.receiver,
      show: (p) => shown.push(p.layers[0]!.x),
      frames: { request: () => 0, cancel: () => undefined },
    });
    s.doc.layers[0]!.x = 5;
    follower.documentChanged();
    follower.flush();
    readable = true;
    follower.documentChanged();
    follower.flush();
    expect(shown).toEqual([10, 5]);
  });

  it('without a snapshot draws nothing until the document is read, then follows it (the embedded player)', () => {
    const s = setup({ withSnapshot: false });
    s.sender.move(s.layer.id, { x: 50, y: 0 });
    s.frame();
    expect(s.shown).toHaveLength(0);
    expect(s.follower.draws()).toBe(0);
    s.follower.documentChanged();
    s.frame();
    // The drag still in progress is drawn on the document as soon as there is one.
    expect(s.shown.map((p) => p.layers[0]!.x)).toEqual([50]);
    expect(s.follower.draws()).toBe(1);
  });

  it('draws nothing when nothing changed, and nothing after stop()', () => {
    const s = setup();
    expect(s.frames).toHaveLength(0);
    s.follower.documentChanged();
    s.follower.stop();
    s.frame();
    expect(s.shown).toHaveLength(0);
  });
});

describe('createLiveFollower with an editor on this machine (local link)', () => {
  it("draws the local editor's project at once and reads the server's document again only once the editor went quiet", () => {
    const doc = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    const frames: (() => void)[] = [];
    const shown: ProjectJson[] = [];
    let t = 0;
    let exports = 0;
    const follower = createLiveFollower({
      initial: structuredClone(doc),
      readDocument: () => {
        exports++;
        return structuredClone(doc);
      },
      overrides: { targets: () => [], get: () => undefined, reconcile: () => undefined },
      show: (p) => shown.push(p),
      frames: { request: (cb: () => void) => frames.push(cb), cancel: () => undefined },
      now: () => t,
    });
    const frame = () => frames.splice(0).forEach((cb) => cb());
    const local = { ...structuredClone(doc), metadata: { ...doc.metadata, name: 'From the local editor' } };
    follower.localDocument(local);
    frame();
    expect(shown.at(-1)?.metadata.name).toBe('From the local editor');
    // The server's (older) copy changes meanwhile: not read while the local one is fresh.
    doc.metadata.name = 'Older server copy';
    follower.documentChanged();
    frame();
    expect(exports).toBe(0);
    expect(shown.at(-1)?.metadata.name).toBe('From the local editor');
    t = LOCAL_PREFERRED_MS + 1;
    follower.documentChanged();
    frame();
    expect(exports).toBe(1);
    expect(shown.at(-1)?.metadata.name).toBe('Older server copy');
  });
});
