import { Repo } from '@automerge/automerge-repo';
import { createLayer, toJson } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import type { AssetId, ProjectJson } from '@beamstage/layers';
import { createProjectDoc, runOperation } from '@beamstage/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { applyToJson, commandFor, operationFor } from './project-edits';
import type { ProjectEdit } from './project-edits';

// The edits the layers panel and the Add dialogs added: reorder-layers and add-media-layer.

const repo = new Repo();
afterAll(() => repo.shutdown());

/** url (L0), html (L1), then four images L2..L5. */
const baseProject = (): ProjectJson => buildProjectJson(['url', 'html', 'image', 'image', 'image', 'image']);
const ids = (p: ProjectJson) => p.layers.map((l) => l.id);

function bothWays(edit: ProjectEdit, project = baseProject()) {
  const json = applyToJson(project, operationFor(edit));
  const handle = createProjectDoc(repo, project);
  runOperation(handle, operationFor(edit));
  return { json, doc: toJson(handle.doc()) };
}

describe('reorder-layers', () => {
  it('moves a selection together, keeping its order, to an index among the others', () => {
    const { json, doc } = bothWays({ kind: 'reorder-layers', ids: ['L5', 'L3'], toIndex: 2 });
    expect(ids(json)).toEqual(['L0', 'L1', 'L3', 'L5', 'L2', 'L4']);
    expect(ids(doc)).toEqual(ids(json));
    expect(ids(bothWays({ kind: 'reorder-layers', ids: ['L2', 'L3'], toIndex: 4 }).json)).toEqual(['L0', 'L1', 'L4', 'L5', 'L2', 'L3']);
  });

  it('never puts canvas layers above DOM layers', () => {
    expect(ids(bothWays({ kind: 'reorder-layers', ids: ['L4', 'L5'], toIndex: 0 }).json)).toEqual(['L0', 'L1', 'L4', 'L5', 'L2', 'L3']);
    expect(ids(bothWays({ kind: 'reorder-layers', ids: ['L0'], toIndex: 5 }).json)).toEqual(['L1', 'L0', 'L2', 'L3', 'L4', 'L5']);
  });

  it('is one undo step that restores the order', () => {
    const project = baseProject();
    const handle = createProjectDoc(repo, project);
    const command = commandFor({ kind: 'reorder-layers', ids: ['L4', 'L5'], toIndex: 2 });
    runOperation(handle, (d) => command.execute(d));
    expect(ids(toJson(handle.doc()))).toEqual(['L0', 'L1', 'L4', 'L5', 'L2', 'L3']);
    runOperation(handle, (d) => command.undo(d));
    expect(ids(toJson(handle.doc()))).toEqual(ids(project));
  });
});

describe('add-media-layer', () => {
  it('adds the asset and the layer; undo removes the layer and keeps the uploaded asset', () => {
    const layer = createLayer('video', { existing: [] });
    layer.content.src = 'https://cdn.test/u/1/p/x/clip.webm';
    const asset = { id: 'asset_1_a' as AssetId, name: 'clip.webm', type: 'video/webm', key: 'u/1/p/x/clip.webm', url: layer.content.src, size: 10 };
    const { json, doc } = bothWays({ kind: 'add-media-layer', layer, asset });
    expect(ids(json)).toEqual(['L0', 'L1', layer.id, 'L2', 'L3', 'L4', 'L5']);
    expect(json.assets).toEqual([asset]);
    expect(doc.assets).toEqual([asset]);
    const handle = createProjectDoc(repo, baseProject());
    const command = commandFor({ kind: 'add-media-layer', layer, asset });
    runOperation(handle, (d) => command.execute(d));
    runOperation(handle, (d) => command.undo(d));
    expect(ids(toJson(handle.doc()))).toEqual(ids(baseProject()));
    expect(toJson(handle.doc()).assets).toEqual([asset]);
  });
});
