import { createLayer, moveLayer, toDoc, toJson, createDefaultProject } from '@beamstage/layers';
import type { LayerId, LayerType, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { dropChangesOrder, gapAt, legalDrop } from './drop-marker';

const row = (id: string, type: LayerType) => ({ id, type });
// Draw order, front first: two DOM layers above three canvas layers.
const list = [row('url', 'url'), row('html', 'html'), row('img', 'image'), row('vid', 'video'), row('sh', 'fragment-shader')];

describe('gapAt', () => {
  const rows = [0, 30, 60].map((top) => ({ top, height: 30 }));
  it('finds the gap by row middles', () => {
    expect(gapAt(-5, rows)).toBe(0);
    expect(gapAt(14, rows)).toBe(0);
    expect(gapAt(16, rows)).toBe(1);
    expect(gapAt(46, rows)).toBe(2);
    expect(gapAt(200, rows)).toBe(3);
  });
});

describe('legalDrop', () => {
  it('lets a canvas layer move among canvas layers', () => {
    expect(legalDrop(list, ['sh'], 2)).toEqual({ toIndex: 2, beforeId: 'img', constrained: false });
    expect(legalDrop(list, ['img'], 5)).toEqual({ toIndex: 4, beforeId: null, constrained: false });
  });

  it('never shows a canvas layer above a DOM layer: the marker snaps below the last DOM layer', () => {
    expect(legalDrop(list, ['sh'], 0)).toEqual({ toIndex: 2, beforeId: 'img', constrained: true });
    expect(legalDrop(list, ['vid'], 1)).toEqual({ toIndex: 2, beforeId: 'img', constrained: true });
  });

  it('never shows a DOM layer below a canvas layer', () => {
    expect(legalDrop(list, ['url'], 5)).toEqual({ toIndex: 1, beforeId: 'img', constrained: true });
    expect(legalDrop(list, ['url'], 2)).toEqual({ toIndex: 1, beforeId: 'img', constrained: false });
    expect(legalDrop(list, ['html'], 0)).toEqual({ toIndex: 0, beforeId: 'url', constrained: false });
  });

  it('masks go anywhere', () => {
    const withMask = [...list.slice(0, 2), row('m', 'mask'), ...list.slice(2)];
    expect(legalDrop(withMask, ['m'], 0)).toEqual({ toIndex: 0, beforeId: 'url', constrained: false });
    expect(legalDrop(withMask, ['m'], 6)).toEqual({ toIndex: 5, beforeId: null, constrained: false });
  });

  it('moves a multi-selection as a block under the same rule', () => {
    expect(legalDrop(list, ['img', 'sh'], 0)).toEqual({ toIndex: 2, beforeId: 'vid', constrained: true });
    expect(legalDrop(list, ['img', 'vid'], 5)).toEqual({ toIndex: 3, beforeId: null, constrained: false });
    expect(legalDrop(list, ['nope'], 0)).toBeNull();
  });

  it('agrees with what libs/layers moveLayer does on the document, for every gap', () => {
    const project = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    project.layers = list.map((r) => createLayer(r.type, { id: r.id as LayerId }));
    for (const dragged of list) {
      for (let gap = 0; gap <= list.length; gap += 1) {
        const target = legalDrop(list, [dragged.id], gap)!;
        const doc = toDoc(project);
        moveLayer(doc, dragged.id, target.toIndex);
        const after = toJson(doc, project.history).layers.map((l) => l.id);
        const rest = list.map((l) => l.id).filter((id) => id !== dragged.id);
        const expected = [...rest.slice(0, target.toIndex), dragged.id, ...rest.slice(target.toIndex)];
        expect(after, `${dragged.id} at gap ${gap}`).toEqual(expected);
      }
    }
  });

  it('knows a drop in place changes nothing', () => {
    expect(dropChangesOrder(list, ['img'], legalDrop(list, ['img'], 2)!)).toBe(false);
    expect(dropChangesOrder(list, ['img'], legalDrop(list, ['img'], 3)!)).toBe(false);
    expect(dropChangesOrder(list, ['img'], legalDrop(list, ['img'], 4)!)).toBe(true);
  });
});
