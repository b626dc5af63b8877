import { createManualClock } from '@beamstage/timeline';
import { describe, expect, it, vi } from 'vitest';
import { createLayer } from '../schema/defaults';
import { orderedLayers } from '../document/doc';
import type { LayerId } from '../schema/ids';
import { buildProjectDoc } from '../testing';
import type { LayerType, Point } from '../schema/types';
import { createBatchedUpdater } from './batched-updates';
import {
  addLayer,
  clampWarpHandleSize,
  constrainMoveIndex,
  duplicateLayer,
  moveLayer,
  nudgeDelta,
  nudgeLayer,
  removeLayer,
  setLayerWarpPoints,
  toggleWarp,
  updateCanvas,
  updateLayer,
} from './layer-ops';

const types = (doc: Parameters<typeof orderedLayers>[0]) => orderedLayers(doc).map((l) => l.type);
const idsOf = (doc: Parameters<typeof orderedLayers>[0]) => orderedLayers(doc).map((l) => l.id);
const L = (s: string) => s as LayerId;

describe('add', () => {
  it('DOM layers go to index 0, canvas layers before the first canvas layer, else the end', () => {
    const doc = buildProjectDoc(['html', 'image', 'video']);
    const r = addLayer(doc, createLayer('url', { id: L('u') }));
    expect(r).toEqual({ layerId: 'u', index: 0, selectLayerId: 'u', openGiphySearch: false });
    expect(idsOf(doc)).toEqual(['u', 'L0', 'L1', 'L2']);
    addLayer(doc, createLayer('p5js', { id: L('p') }));
    expect(idsOf(doc)).toEqual(['u', 'L0', 'p', 'L1', 'L2']);
    const onlyDom = buildProjectDoc(['html']);
    addLayer(onlyDom, createLayer('image', { id: L('i') }));
    expect(idsOf(onlyDom)).toEqual(['L0', 'i']);
  });
  it('adding a giphy layer asks for the animated-image search', () => {
    expect(addLayer(buildProjectDoc([]), createLayer('giphy', { id: L('g') })).openGiphySearch).toBe(true);
  });
});

describe('remove and duplicate', () => {
  it('removes', () => {
    const doc = buildProjectDoc(['image', 'video']);
    expect(removeLayer(doc, 'L0')).toBe(true);
    expect(removeLayer(doc, 'nope')).toBe(false);
    expect(idsOf(doc)).toEqual(['L1']);
  });
  it('duplicate: new id, " Copy", +20/+20 with its warp points, right after the original', () => {
    const doc = buildProjectDoc(['image', 'video', 'p5js']);
    const id = duplicateLayer(doc, 'L1', { newId: L('copy') });
    expect(id).toBe('copy');
    expect(idsOf(doc)).toEqual(['L0', 'L1', 'copy', 'L2']);
    const c = doc.layers.copy!;
    const o = doc.layers.L1!;
    expect(c.name).toBe(`${o.name} Copy`);
    expect([c.x, c.y]).toEqual([o.x + 20, o.y + 20]);
    expect(c.warp.points[0]).toEqual({ x: o.warp.points[0]!.x + 20, y: o.warp.points[0]!.y + 20 });
  });
});

describe('move', () => {
  it('is clamped to the list and constrained by the DOM-above-canvas rule', () => {
    const doc = buildProjectDoc(['html', 'url', 'image', 'video']);
    expect(moveLayer(doc, 'L0', 99)).toBe(1); // DOM cannot go below canvas
    expect(idsOf(doc)).toEqual(['L1', 'L0', 'L2', 'L3']);
    expect(moveLayer(doc, 'L3', -5)).toBe(2); // canvas cannot go above DOM
    expect(idsOf(doc)).toEqual(['L1', 'L0', 'L3', 'L2']);
    expect(moveLayer(doc, 'L2', 2)).toBe(2);
    expect(idsOf(doc)).toEqual(['L1', 'L0', 'L2', 'L3']);
  });
  it('masks may go anywhere and switch type by the nearest group', () => {
    const doc = buildProjectDoc(['html', 'image', 'mask']);
    expect(moveLayer(doc, 'L2', 0)).toBe(0);
    expect(types(doc)).toEqual(['dom_mask', 'html', 'image']);
    moveLayer(doc, 'L2', 2);
    expect(types(doc)).toEqual(['html', 'image', 'mask']);
    expect(doc.layers.L2!.blendMode).toBe('subtract');
  });
  it('constrainMoveIndex on plain lists', () => {
    const list = (['url', 'html', 'image'] as LayerType[]).map((type, i) => ({ id: `${i}`, type }));
    expect(constrainMoveIndex(list, '2', 0)).toBe(2);
    expect(constrainMoveIndex(list, 'x', 0)).toBe(-1);
  });
});

describe('update', () => {
  it('moving a layer moves its warp points by the same offset', () => {
    const doc = buildProjectDoc(['image']);
    const before = doc.layers.L0!.warp.points.map((p) => ({ ...p }));
    updateLayer(doc, 'L0', { x: doc.layers.L0!.x + 15, y: doc.layers.L0!.y - 5 });
    expect(doc.layers.L0!.warp.points).toEqual(before.map((p) => ({ x: p.x + 15, y: p.y - 5 })));
  });
  it('scale rescales and rotation rotates the warp points about their centroid', () => {
    const doc = buildProjectDoc(['image']);
    updateLayer(doc, 'L0', { scale: { x: 2, y: 2 } });
    const pts = doc.layers.L0!.warp.points;
    expect(pts[0]!.x).toBeCloseTo(200);
    expect(pts[2]!.x).toBeCloseTo(600);
    updateLayer(doc, 'L0', { rotation: 90 });
    const r = doc.layers.L0!.warp.points;
    expect(r[0]!.x).toBeCloseTo(600);
    expect(r[0]!.y).toBeCloseTo(100);
  });
  it('a mesh follows its layer: moved, scaled and rotated with the corners, unless the patch sets it', () => {
    const doc = buildProjectDoc(['image']);
    const layer = doc.layers.L0!;
    const [tl, , br] = layer.warp.points as [Point, Point, Point, Point];
    const mesh = [tl, { x: (tl.x + br.x) / 2, y: tl.y }, br];
    updateLayer(doc, 'L0', { warp: { enabled: true, meshEnabled: true, meshPoints: mesh } });
    updateLayer(doc, 'L0', { x: layer.x + 10, y: layer.y + 20 });
    expect(doc.layers.L0!.warp.meshPoints).toEqual(mesh.map((p) => ({ x: p.x + 10, y: p.y + 20 })));
    const c = { x: (tl.x + br.x) / 2 + 10, y: (tl.y + br.y) / 2 + 20 };
    updateLayer(doc, 'L0', { rotation: 90 });
    const rotated = doc.layers.L0!.warp.meshPoints;
    // (tl - c) turned 90 degrees clockwise (y down) about the corners' centroid.
    expect(rotated[0]!.x).toBeCloseTo(c.x - (tl.y + 20 - c.y));
    expect(rotated[0]!.y).toBeCloseTo(c.y + (tl.x + 10 - c.x));
    const set = [{ x: 1, y: 2 }];
    updateLayer(doc, 'L0', { x: layer.x + 50, warp: { meshPoints: set } });
    expect(doc.layers.L0!.warp.meshPoints).toEqual(set);
  });
  it("an html layer's interactive also sets locked", () => {
    const doc = buildProjectDoc(['html']);
    updateLayer(doc, 'L0', { properties: { interactive: true } });
    expect(doc.layers.L0!.locked).toBe(true);
    expect(doc.layers.L0!.properties).toMatchObject({ interactive: true, css: '' });
    updateLayer(doc, 'L0', { properties: { interactive: false } });
    expect(doc.layers.L0!.locked).toBe(false);
  });
  it('undefined deletes an optional field instead of storing it; unknown blend falls back to normal', () => {
    const doc = buildProjectDoc(['image']);
    updateLayer(doc, 'L0', { maskId: 'm1' });
    expect(doc.layers.L0!.maskId).toBe('m1');
    updateLayer(doc, 'L0', { maskId: undefined });
    expect('maskId' in doc.layers.L0!).toBe(false);
    updateLayer(doc, 'L0', { blendMode: 'weird' as never });
    expect(doc.layers.L0!.blendMode).toBe('normal');
  });
});

describe('warp, nudge, canvas, handle size', () => {
  it('warp points apply only with exactly 4, else logged', () => {
    const doc = buildProjectDoc(['image']);
    const logger = { error: vi.fn(), warn: vi.fn() };
    const pts = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    expect(setLayerWarpPoints(doc, 'L0', pts, { logger })).toBe(true);
    expect(doc.layers.L0!.warp.points).toEqual(pts);
    expect(setLayerWarpPoints(doc, 'L0', pts.slice(0, 3), { logger })).toBe(false);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(doc.layers.L0!.warp.points).toEqual(pts);
  });
  it('toggle warp', () => {
    const doc = buildProjectDoc(['image']);
    toggleWarp(doc, 'L0');
    expect(doc.layers.L0!.warp.enabled).toBe(true);
  });
  it('nudge 1 px, 10 px with Shift', () => {
    expect(nudgeDelta('left', false)).toEqual({ x: -1, y: 0 });
    expect(nudgeDelta('down', true)).toEqual({ x: 0, y: 10 });
    const doc = buildProjectDoc(['image']);
    nudgeLayer(doc, 'L0', 'right', true);
    expect(doc.layers.L0!.x).toBe(410);
    expect(doc.layers.L0!.warp.points[0]!.x).toBe(310);
  });
  it('canvas width and height must be positive, else logged and unchanged', () => {
    const doc = buildProjectDoc([]);
    const logger = { error: vi.fn(), warn: vi.fn() };
    expect(updateCanvas(doc, { width: 0 }, { logger })).toBe(false);
    expect(updateCanvas(doc, { height: -3 }, { logger })).toBe(false);
    expect(logger.error).toHaveBeenCalledTimes(2);
    expect(doc.canvas).toMatchObject({ width: 800, height: 600 });
    expect(updateCanvas(doc, { width: 1920, height: 1080, background: '#111111' })).toBe(true);
    expect(doc.canvas).toMatchObject({ width: 1920, height: 1080, background: '#111111' });
  });
  it('warp handle size clamps to 6..90', () => {
    expect(clampWarpHandleSize(1)).toBe(6);
    expect(clampWarpHandleSize(500)).toBe(90);
    expect(clampWarpHandleSize(36)).toBe(36);
  });
});

describe('batched updates', () => {
  it('flush 16 ms after the last request, merged per layer', () => {
    const clock = createManualClock();
    const batches: number[] = [];
    const seen: unknown[] = [];
    const b = createBatchedUpdater(clock, (u) => {
      batches.push(u.size);
      seen.push(Object.fromEntries(u));
    });
    b.request(L('a'), { x: 1 });
    clock.advance(10);
    b.request(L('a'), { y: 2 });
    b.request(L('b'), { opacity: 0.5 });
    clock.advance(15);
    expect(batches).toEqual([]);
    clock.advance(1);
    expect(batches).toEqual([2]);
    expect(seen[0]).toEqual({ a: { x: 1, y: 2 }, b: { opacity: 0.5 } });
    expect(b.pendingCount()).toBe(0);
  });
});
