import { Repo } from '@automerge/automerge-repo';
import { toJson } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import type { LayerId, ProjectJson } from '@beamstage/layers';
import { createProjectDoc, runOperation } from '@beamstage/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { newImageLayer } from '../media/samples';
import { applyToJson, MAX_NAME_CHARS, movedLayerValues, operationFor, withCorner } from './project-edits';
import type { ProjectEdit } from './project-edits';

const repo = new Repo();
afterAll(() => repo.shutdown());

/** A project with an html layer (front) and two images (L1 above L2). */
const baseProject = (): ProjectJson => buildProjectJson(['html', 'image', 'image']);
const layer = (p: ProjectJson, id: string) => p.layers.find((l) => l.id === id)!;

/** Runs one edit both ways: on the exchange JSON, and as a change on a real Automerge document. */
function bothWays(edit: ProjectEdit, project = baseProject()) {
  const json = applyToJson(project, operationFor(edit));
  const handle = createProjectDoc(repo, project);
  runOperation(handle, operationFor(edit));
  return { json, doc: toJson(handle.doc()) };
}

describe('edit -> operation', () => {
  it('add-layer puts a canvas layer before the first canvas layer, below DOM layers', () => {
    const added = newImageLayer(baseProject(), '/s.png', 5);
    const { json, doc } = bothWays({ kind: 'add-layer', layer: added });
    expect(json.layers.map((l) => l.id)).toEqual(['L0', added.id, 'L1', 'L2']);
    expect(doc.layers.map((l) => l.id)).toEqual(json.layers.map((l) => l.id));
    expect(layer(doc, added.id)).toEqual(layer(json, added.id));
  });

  it('move-layer moves the warp corners by the same offset', () => {
    const p = baseProject();
    const before = layer(p, 'L1');
    const { json, doc } = bothWays({ kind: 'move-layer', id: 'L1', x: before.x + 50, y: before.y - 20 });
    expect(layer(json, 'L1').warp.points).toEqual(before.warp.points.map((pt) => ({ x: pt.x + 50, y: pt.y - 20 })));
    expect(layer(doc, 'L1')).toEqual(layer(json, 'L1'));
    // The live-drag preview computes the same values the committed move gives.
    expect(movedLayerValues(before, before.x + 50, before.y - 20)).toEqual({ x: before.x + 50, y: before.y - 20, points: layer(json, 'L1').warp.points });
  });

  it('nudge-layer and toggles act on the current value (a queued edit replays as meant)', () => {
    const p = baseProject();
    const x0 = layer(p, 'L2').x;
    expect(layer(bothWays({ kind: 'nudge-layer', id: 'L2', dx: 10, dy: 0 }, p).doc, 'L2').x).toBe(x0 + 10);
    expect(layer(bothWays({ kind: 'toggle-visible', id: 'L2' }, p).doc, 'L2').visible).toBe(!layer(p, 'L2').visible);
    const warp = bothWays({ kind: 'toggle-warp', id: 'L2' }, p);
    expect(layer(warp.doc, 'L2').warp.enabled).toBe(!layer(p, 'L2').warp.enabled);
    expect(layer(warp.json, 'L2').warp.enabled).toBe(!layer(p, 'L2').warp.enabled);
  });

  it('set-opacity clamps to 0..1', () => {
    expect(layer(bothWays({ kind: 'set-opacity', id: 'L1', opacity: 0.25 }).doc, 'L1').opacity).toBe(0.25);
    expect(layer(bothWays({ kind: 'set-opacity', id: 'L1', opacity: 7 }).json, 'L1').opacity).toBe(1);
    expect(layer(bothWays({ kind: 'set-opacity', id: 'L1', opacity: -1 }).doc, 'L1').opacity).toBe(0);
  });

  it('set-warp-points replaces the four points as one value and turns the warp on', () => {
    const p = baseProject();
    const points = withCorner(layer(p, 'L1').warp.points, 2, { x: 580, y: 470 });
    const { json, doc } = bothWays({ kind: 'set-warp-points', id: 'L1', points }, p);
    for (const out of [json, doc]) {
      expect(layer(out, 'L1').warp).toMatchObject({ enabled: true, points });
      expect(layer(out, 'L1').x).toBe(layer(p, 'L1').x);
    }
  });

  it('rename-layer renames one layer; names are cut to MAX_NAME_CHARS', () => {
    const { json, doc } = bothWays({ kind: 'rename-layer', id: 'L2', name: 'Left pillar' });
    expect(layer(doc, 'L2').name).toBe('Left pillar');
    expect(layer(json, 'L2').name).toBe('Left pillar');
    expect(layer(doc, 'L1').name).toBe(layer(baseProject(), 'L1').name);
    expect(layer(bothWays({ kind: 'rename-layer', id: 'L2', name: 'x'.repeat(500) }).doc, 'L2').name).toHaveLength(MAX_NAME_CHARS);
    expect(bothWays({ kind: 'rename-project', name: 'y'.repeat(500) }).json.metadata.name).toHaveLength(MAX_NAME_CHARS);
  });

  it('remove-layer and rename-project', () => {
    expect(bothWays({ kind: 'remove-layer', id: 'L1' }).doc.layers.map((l) => l.id)).toEqual(['L0', 'L2']);
    const renamed = bothWays({ kind: 'rename-project', name: 'Cathedral facade' });
    expect(renamed.doc.metadata.name).toBe('Cathedral facade');
    expect(renamed.json.metadata.name).toBe('Cathedral facade');
  });

  it('an edit of a layer someone else removed does nothing (no throw, no resurrection)', () => {
    const { json, doc } = bothWays({ kind: 'set-opacity', id: 'gone' as LayerId, opacity: 0.5 });
    expect(doc.layers.map((l) => l.id)).toEqual(['L0', 'L1', 'L2']);
    expect(json).toEqual(applyToJson(baseProject(), operationFor({ kind: 'rename-project', name: baseProject().metadata.name })));
  });

  it('the JSON path keeps the history it was given', () => {
    const p = baseProject();
    p.history = { commands: [{ type: 'x', timestamp: 1 } as never], currentIndex: 0 };
    expect(applyToJson(p, operationFor({ kind: 'rename-project', name: 'n' })).history).toEqual(p.history);
  });
});
