import * as layers from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import { createManualClock } from '@beamstage/timeline';
import { snapshot } from 'valtio';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createEditorStore } from '../state/editor-store';
import { createLiveSession } from './live-session';
import { applyToJson, operationFor, type ProjectEdit } from './project-edits';

// Counts the whole-project conversions to the document shape (every toDoc call).
vi.mock('@beamstage/layers', async (importOriginal) => {
  const actual = await importOriginal<typeof layers>();
  return { ...actual, toDoc: vi.fn(actual.toDoc) };
});
const toDoc = vi.mocked(layers.toDoc);

/** A session with no live document: every edit goes to the REST copy. */
function restSession(project: ProjectJson) {
  const store = createEditorStore();
  const session = createLiveSession({
    store,
    frames: { request: () => 0, cancel: () => undefined },
    clock: createManualClock(),
    self: { userId: 'u1', name: 'Ada', color: '#22d3ee' },
  });
  session.firstPaint(project);
  return { store, session };
}

const EDITS: ProjectEdit[] = [
  { kind: 'set-opacity', id: 'L0', opacity: 0.3 },
  { kind: 'nudge-layer', id: 'L1', dx: 10, dy: -4 },
  { kind: 'rename-project', name: 'Typed, one key at a time' },
  { kind: 'update-layer', id: 'L2', patch: { name: 'Logo' }, field: 'name' },
  { kind: 'remove-layer', id: 'L3' },
  { kind: 'reorder-layer', id: 'L0', toIndex: 2 },
];

describe('the REST copy (no live document)', () => {
  beforeEach(() => void toDoc.mockClear());

  it('converts the project to the document shape once, not on every edit (issue 19 item 1)', () => {
    const { session } = restSession(buildProjectJson(['image', 'image', 'image', 'image', 'image']));
    for (let i = 0; i < 40; i++) session.edit({ kind: 'update-layer', id: 'L0', patch: { name: `Layer ${i}` }, field: 'name' });
    // Before: one toDoc (and one whole toJson) per keystroke, 40 here.
    expect(toDoc).toHaveBeenCalledTimes(1);
  });

  it('an edit converts back only what it touched: untouched layers keep their identity', () => {
    const { store, session } = restSession(buildProjectJson(['image', 'image', 'image']));
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.5 });
    const before = store.project!;
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.4 });
    const after = store.project!;
    expect(after.layers[0]!.opacity).toBe(0.4);
    // The same proxied entry (valtio keeps one proxy per object): the exporter reused its copy.
    expect(after.layers[1]).toBe(before.layers[1]);
    expect(after.layers[2]).toBe(before.layers[2]);
    expect(after.canvas).toBe(before.canvas);
  });

  it('gives exactly what the whole round trip gave, edit after edit', () => {
    const project = buildProjectJson(['image', 'html', 'image', 'mask', 'image']);
    const { store, session } = restSession(project);
    let expected = project;
    for (const edit of EDITS) {
      session.edit(edit);
      expected = applyToJson(expected, operationFor(edit));
      expect(snapshot(store).project).toEqual(expected);
    }
  });

  it('starts again from a project it did not make (a new first paint)', () => {
    const { store, session } = restSession(buildProjectJson(['image', 'image']));
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.5 });
    const other = { ...buildProjectJson(['image']), metadata: { ...buildProjectJson(['image']).metadata, name: 'Replaced' } };
    session.firstPaint(other);
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.2 });
    expect(store.project!.metadata.name).toBe('Replaced');
    expect(store.project!.layers).toHaveLength(1);
    expect(toDoc).toHaveBeenCalledTimes(2);
  });

  it('adopting the server copy after a save runs the edits made since the save on it again', () => {
    const { store, session } = restSession(buildProjectJson(['image', 'image']));
    session.edit({ kind: 'rename-project', name: 'Mine' });
    const mark = session.restMark();
    session.edit({ kind: 'set-opacity', id: 'L1', opacity: 0.25 });
    expect(session.restEditsSince(mark)).toBe(1);
    const server = buildProjectJson(['image', 'image']);
    server.metadata.name = 'Theirs';
    session.adoptSaved(server, mark);
    expect(store.project!.metadata.name).toBe('Theirs');
    expect(store.project!.layers[1]!.opacity).toBe(0.25);
  });
});
