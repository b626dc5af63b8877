import { next as A } from '@automerge/automerge';
import { Repo } from '@automerge/automerge-repo';
import { checkInvariants, createLayer, keyBetween, moveLayer, orderedLayers, toJson, updateLayer, type LayerId, type ProjectDoc } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { buildSyncProjectJson } from '../testing';
import { createProjectDoc, deferNormalize, normalizeOnRemoteChange, runOperation } from './project-document';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('project document', () => {
  it('creates from JSON and exports the same JSON', async () => {
    const repo = new Repo({});
    const json = buildSyncProjectJson({ layers: 12, keyframesPerLayer: 3 });
    const handle = createProjectDoc(repo, json);
    const out = toJson(handle.doc());
    expect(out.layers.map((l) => l.id)).toEqual(orderedLayers(handle.doc()).map((l) => l.id));
    expect(out.timeline.keyframes).toHaveLength(36);
    expect(out.metadata).toEqual(json.metadata);
    expect(checkInvariants(handle.doc())).toEqual([]);
    await repo.shutdown();
  });

  it('runs libs/layers operations inside a change', async () => {
    const repo = new Repo({});
    const handle = createProjectDoc(repo, buildSyncProjectJson({ layers: 3 }));
    const before = A.getHeads(handle.doc());
    runOperation(handle, (d) => void updateLayer(d, 'L0', { x: 10, y: 20 }));
    expect(handle.doc().layers['L0']!.x).toBe(10);
    expect(A.getHeads(handle.doc())).not.toEqual(before);
    await repo.shutdown();
  });

  it('normalises after concurrent changes that break an invariant only together', async () => {
    const repo = new Repo({});
    const handle = createProjectDoc(repo, buildSyncProjectJson({ layers: 3 }));
    const stop = normalizeOnRemoteChange(handle);
    const base = A.clone(handle.doc());
    // Peer A adds an html layer on top; peer B, concurrently, moves a canvas layer to the very top.
    const a = A.change(A.clone(base), (d) => {
      const layer = createLayer('html', { id: 'H' as LayerId });
      const top = orderedLayers(d).at(-1)!.order;
      d.layers['H'] = { ...layer, order: keyBetween(top, null) } as ProjectDoc['layers'][string];
    });
    const b = A.change(A.clone(base), (d) => void moveLayer(d, 'L0', 2));
    const merged = A.merge(A.clone(a), b);
    expect(checkInvariants(merged).length).toBeGreaterThan(0); // the merge alone breaks the DOM-on-top rule
    handle.update((doc) => A.merge(A.merge(doc, a), b));
    await settle();
    expect(checkInvariants(handle.doc())).toEqual([]);
    expect(Object.keys(handle.doc().layers).sort()).toEqual(['H', 'L0', 'L1', 'L2']);
    const heads = A.getHeads(handle.doc());
    handle.change(() => undefined);
    await settle();
    expect(A.getHeads(handle.doc())).toEqual(heads); // a healthy document gets no normalise change
    stop();
    await repo.shutdown();
  });

  it('holds the fixes while deferred and checks once when released (a write applied a batch at a time)', async () => {
    const repo = new Repo({});
    const handle = createProjectDoc(repo, buildSyncProjectJson({ layers: 3 }));
    const stop = normalizeOnRemoteChange(handle);
    const release = deferNormalize(handle);
    const outer = deferNormalize(handle);
    // A canvas layer above the html one breaks the DOM-on-top rule until the next step.
    handle.change((d) => {
      const top = orderedLayers(d).at(-1)!.order;
      d.layers['H'] = { ...createLayer('html', { id: 'H' as LayerId }), order: keyBetween(top, null) } as ProjectDoc['layers'][string];
      d.layers['L0']!.order = keyBetween(d.layers['H']!.order, null);
    });
    await settle();
    const held = A.getHeads(handle.doc());
    expect(checkInvariants(handle.doc()).length).toBeGreaterThan(0);
    release();
    release(); // twice is once
    await settle();
    expect(A.getHeads(handle.doc())).toEqual(held); // another hold is still on
    outer();
    await settle();
    expect(checkInvariants(handle.doc())).toEqual([]);
    stop();
    await repo.shutdown();
  });
});
