import { next as A } from '@automerge/automerge';
import { Repo } from '@automerge/automerge-repo';
import { describe, expect, it } from 'vitest';
import { buildProjectJson } from '../testing';
import { orderedLayers, toDoc, toJson } from './convert';
import { normalizeDoc } from './normalize';
import { createProjectDoc, exportProjectJson, normalizeOnRemoteChange, runOperation } from './project-document';
import type { ProjectDoc } from './project-shape';

describe('project document', () => {
  it('round-trips the exchange JSON', () => {
    const json = buildProjectJson({ layers: 12, keyframesPerLayer: 3 });
    const doc = toDoc(json);
    expect(normalizeDoc(doc)).toBe(0);
    expect(toJson(doc)).toEqual(json);
  });

  it('drops duplicate ids on import', () => {
    const json = buildProjectJson({ layers: 2 });
    json.layers.push({ ...json.layers[0]!, name: 'dup' });
    expect(Object.keys(toDoc(json).layers)).toHaveLength(2);
  });

  it('normalises masks, warps, DOM order and timeline bounds', () => {
    const doc = toDoc(buildProjectJson({ layers: 3 }));
    doc.layers['layer_0']!.type = 'mask';
    doc.layers['layer_1']!.type = 'html';
    doc.layers['layer_1']!.warp!.points = [{ x: 1, y: 1 }];
    doc.timeline.playEndTime = 99_999;
    doc.timeline.playStartTime = -5;
    expect(normalizeDoc(doc)).toBeGreaterThan(0);
    expect(doc.layers['layer_0']!.blendMode).toBe('subtract');
    expect(doc.layers['layer_1']!.warp!.points).toHaveLength(4);
    expect(orderedLayers(doc).at(-1)!.id).toBe('layer_1');
    expect(doc.timeline.playEndTime).toBe(30_000);
    expect(doc.timeline.playStartTime).toBe(0);
    expect(normalizeDoc(doc)).toBe(0);
  });

  it('concurrent reorders of one layer never duplicate it, and normalise after the merge', () => {
    const base = A.from<ProjectDoc>(toDoc(buildProjectJson({ layers: 4 })));
    const a = A.change(A.clone(base), (d) => {
      d.layers['layer_0']!.order = 99_999;
    });
    const b = A.change(A.clone(base), (d) => {
      d.layers['layer_0']!.order = -1;
      d.layers['layer_3']!.type = 'dom_mask';
      d.layers['layer_3']!.order = -2;
    });
    const merged = A.merge(A.clone(a), b);
    expect(orderedLayers(merged).map((l) => l.id).sort()).toEqual(['layer_0', 'layer_1', 'layer_2', 'layer_3']);
    const fixed = A.change(merged, (d) => void normalizeDoc(d));
    const order = orderedLayers(fixed);
    expect(order.at(-1)!.id).toBe('layer_3');
    expect(fixed.layers['layer_3']!.blendMode).toBe('subtract');
  });

  it('runs operations in changes and normalises remote changes in a repo', async () => {
    const repo = new Repo({});
    const handle = createProjectDoc(repo, buildProjectJson({ layers: 2 }));
    runOperation(handle, (d) => {
      d.layers['layer_0']!.type = 'mask';
    });
    expect(handle.doc().layers['layer_0']!.blendMode).toBe('subtract');
    const stop = normalizeOnRemoteChange(handle);
    const heads = A.getHeads(handle.doc());
    const remote = A.change(A.clone(handle.doc()), (d) => {
      d.warpPoints.splice(0, 2);
    });
    handle.update((doc) => A.merge(doc, remote));
    expect(handle.doc().warpPoints).toHaveLength(4);
    expect(A.getHeads(handle.doc())).not.toEqual(heads);
    expect(exportProjectJson(handle).warpPoints).toHaveLength(4);
    stop();
    await repo.shutdown();
  });
});
