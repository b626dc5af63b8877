import { describe, expect, it } from 'vitest';
import { createDefaultProject, createLayer } from '../schema/defaults';
import { orderedLayers, toDoc, toJson } from './doc';
import type { LayerId, ProjectId } from '../schema/ids';
import { migrateProject } from '../schema/migrate';
import { normalizeDoc } from './normalize';
import { evenKeys, keyBetween } from './order-key';
import type { Layer, LayerType } from '../schema/types';

let n = 0;
const mk = (type: LayerType): Layer => createLayer(type, { id: `l${++n}` as LayerId });

function project(types: LayerType[]) {
  const p = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
  p.layers = types.map(mk);
  return p;
}

describe('order keys', () => {
  it('keyBetween is strictly between', () => {
    let lo: string | null = null;
    let hi: string | null = null;
    const keys: string[] = [];
    for (let i = 0; i < 200; i++) {
      const k = keyBetween(lo, hi);
      if (lo) expect(k > lo).toBe(true);
      if (hi) expect(k < hi).toBe(true);
      keys.push(k);
      if (i % 2) lo = k;
      else hi = k;
    }
    expect(new Set(keys).size).toBe(200);
    const e = evenKeys(1000);
    expect(e.slice().sort()).toEqual(e);
    expect(new Set(e).size).toBe(1000);
  });
});

describe('toDoc / toJson', () => {
  it('round trips losslessly', () => {
    const p = project(['html', 'url', 'image', 'mask', 'video']);
    p.timeline.keyframes = [
      { id: 'k2' as never, layerId: 'l1', property: 'x', time: 500, value: 3, easing: 'linear' },
      { id: 'k1' as never, layerId: 'l1', property: 'x', time: 100, value: 1, easing: 'linear' },
    ];
    p.assets = [{ id: 'a1' as never, name: 'a', type: 'image', url: 'https://x/y.png' }];
    const back = toJson(toDoc(p));
    expect(back).toEqual(p);
    expect(migrateProject(JSON.parse(JSON.stringify(back))).project).toEqual(p);
  });

  it('carries the autoplay settings when set, and only then', () => {
    const p = project(['image']);
    expect('autoplay' in toJson(toDoc(p)).timeline).toBe(false);
    p.timeline.autoplay = true;
    p.timeline.autoLoop = false;
    expect(toJson(toDoc(p)).timeline).toMatchObject({ autoplay: true, autoLoop: false });
    expect(migrateProject(JSON.parse(JSON.stringify(p))).project.timeline).toMatchObject({ autoplay: true, autoLoop: false });
  });
});

describe('normalizeDoc', () => {
  it('moves DOM layers above canvas layers, keeps masks in their slots, fixes masks and warps', () => {
    const p = project(['image', 'mask', 'html', 'video', 'url']);
    const doc = toDoc(p);
    const maskId = p.layers[1]!.id;
    doc.layers[maskId]!.blendMode = 'normal';
    doc.layers[p.layers[0]!.id]!.warp.points = [{ x: 0, y: 0 }];
    normalizeDoc(doc);
    const types = orderedLayers(doc).map((l) => l.type);
    expect(types).toEqual(['html', 'dom_mask', 'url', 'image', 'video']);
    expect(doc.layers[maskId]!.blendMode).toBe('subtract');
    expect(doc.layers[p.layers[0]!.id]!.warp.points).toHaveLength(4);
    expect(normalizeDoc(doc)).toBe(0);
  });
  it('clamps timeline bounds', () => {
    const doc = toDoc(project([]));
    doc.timeline.fps = 500;
    doc.timeline.duration = 10;
    doc.timeline.playStartTime = -5;
    normalizeDoc(doc);
    expect(doc.timeline).toMatchObject({ fps: 60, duration: 1000, playStartTime: 0, playEndTime: 1000 });
  });
});
