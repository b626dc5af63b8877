import { buildProjectJson } from '@beamstage/layers/testing';
import type { Keyframe, KeyframeId, Marker, MarkerId, TimelineSceneEntry, TimelineSceneId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { easingPath } from './easing-curves';
import {
  boxSelect,
  clickSelect,
  formatTime,
  keyframesByRow,
  rowKeyframes,
  pxPerMs,
  sameRows,
  SNAP_PX,
  snappedDrag,
  snapTime,
  timeToX,
  trackRows,
  xToTime,
  zoomAt,
} from './geometry';
import { placementOnDrop, transitionBetween } from './placements';

const kf = (id: string, layerId: string, property: string, time: number): Keyframe => ({
  id: id as KeyframeId,
  layerId,
  property,
  time,
  value: 0,
  easing: 'linear',
});

describe('time and pixels', () => {
  it('round-trips and zoom is clamped to 0.1..10', () => {
    const v = { zoom: 2, scroll: 500 };
    expect(xToTime(timeToX(1234, v), v)).toBeCloseTo(1234, 9);
    expect(pxPerMs(50)).toBe(pxPerMs(10));
    expect(pxPerMs(0)).toBe(pxPerMs(0.1));
  });

  it('zooming keeps the time under the pointer in place; scroll never negative', () => {
    const v = { zoom: 1, scroll: 1000 };
    const next = zoomAt(v, 4, 200);
    expect(xToTime(200, next)).toBeCloseTo(xToTime(200, v), 9);
    expect(zoomAt({ zoom: 1, scroll: 0 }, 0.5, 300).scroll).toBe(0);
  });
});

describe('snapping', () => {
  it('snaps to a marker or keyframe within 6 px, else to the nearest frame', () => {
    const opts = { fps: 30, zoom: 1, duration: 10_000 };
    expect(snapTime(1030, { ...opts, targets: [1000] })).toBe(1000);
    expect(snapTime(1100, { ...opts, targets: [1000] })).toBeCloseTo(1100, 6); // 1100 is frame 33
    expect(snapTime(1115, { ...opts, targets: [] })).toBeCloseTo(1100, 6); // nearest frame at 33.3 ms
    expect(snapTime(20_000, { ...opts, targets: [] })).toBe(10_000);
  });

  it('zoomed in past the frame grid, a drop lands on a whole millisecond', () => {
    const opts = { fps: 30, zoom: 10, duration: 10_000, targets: [] };
    const tolMs = SNAP_PX / pxPerMs(10);
    expect(16.789).toBeGreaterThan(tolMs); // 1116.789 is out of reach of frame 33 (1100 ms)
    expect(snapTime(1116.789, opts)).toBe(1117);
    expect(snapTime(1100 + tolMs / 2, opts)).toBeCloseTo(1100, 6);
  });

  it('a multi-keyframe drag snaps the grabbed one and moves the others by the same offset', () => {
    const kfs = [kf('a', 'L0', 'x', 0), kf('b', 'L0', 'x', 500), kf('c', 'L0', 'y', 2000)];
    const markers: Marker[] = [{ id: 'm' as MarkerId, name: 'M', time: 1500, color: '#ff4444', metadata: { created: 0 } }];
    const dt = snappedDrag(kfs, ['a', 'b'], 'b', 1020, { fps: 30, zoom: 1, markers, duration: 10_000 });
    expect(dt).toBe(1000);
  });
});

describe('selection', () => {
  const project = buildProjectJson(['image', 'image']);
  const kfs = [kf('a', 'L0', 'x', 0), kf('b', 'L0', 'opacity', 1000), kf('c', 'L1', 'x', 1000)];
  const rows = trackRows(project.layers, kfs);

  it('rows: a summary per layer and one per animated property', () => {
    expect(rows.map((r) => r.key)).toEqual(['L0', 'L0:opacity', 'L0:x', 'L1', 'L1:x']);
  });

  it("keyframes by row (one pass) are each row's keyframes in order, as filtering per row gives them", () => {
    const more = [...kfs, kf('d', 'L0', 'x', 2000), kf('e', 'gone', 'x', 0)];
    const byRow = keyframesByRow(rows, more);
    for (const row of rows) expect(byRow(row).map((k) => k.id)).toEqual(rowKeyframes(row, more).map((k) => k.id));
    expect(byRow(rows[2]!).map((k) => k.id)).toEqual(['a', 'd']);
  });

  it('box selection takes keyframes inside the time range on the rows crossed', () => {
    expect(boxSelect(rows, kfs, { t0: 500, t1: 1500, r0: 1, r1: 2 })).toEqual(['b']);
    expect(boxSelect(rows, kfs, { t0: 1500, t1: -1, r0: 4, r1: 0 }).sort()).toEqual(['a', 'b', 'c']);
  });

  it('click replaces, Shift-click toggles', () => {
    expect(clickSelect(['a'], ['b'], false)).toEqual(['b']);
    expect(clickSelect(['a'], ['b'], true)).toEqual(['a', 'b']);
    expect(clickSelect(['a', 'b'], ['b'], true)).toEqual(['a']);
  });
});

describe('placements and pictures', () => {
  it('a drop onto an occupied spot moves to the end of the occupant', () => {
    const existing: TimelineSceneEntry[] = [{ id: 'p' as TimelineSceneId, sceneId: 's1', startTime: 0, duration: 2000, metadata: { created: 0, modified: 0 } }];
    expect(placementOnDrop(existing, { id: 's2' as never, name: 'Two' }, 1200, 5).startTime).toBe(2000);
    expect(placementOnDrop(existing, { id: 's2' as never, name: 'Two' }, 2500, 5).startTime).toBe(2500);
  });

  it('a transition animates what differs between the scenes, cut to the incoming placement', () => {
    const p = buildProjectJson(['image']);
    const a = { id: 's1', name: 'A', layers: p.layers } as never;
    const b = { id: 's2', name: 'B', layers: [{ ...p.layers[0]!, x: p.layers[0]!.x + 100 }] } as never;
    const entry = { id: 'e' as TimelineSceneId, sceneId: 's2', startTime: 1000, duration: 500, metadata: { created: 0, modified: 0 } };
    const tr = transitionBetween(a, b, entry, 1000, 'ease-in', 1);
    expect(tr.duration).toBe(500);
    expect(tr.animations).toEqual([{ layerId: 'L0', propertyName: 'x', from: p.layers[0]!.x, to: p.layers[0]!.x + 100, fromSceneId: 's1', toSceneId: 's2' }]);
  });

  it('curve pictures follow the curve: linear is a diagonal, ease-in starts flat', () => {
    expect(easingPath('linear', 10, 2)).toBe('M0.00,10.00 L5.00,5.00 L10.00,0.00');
    const mid = Number(easingPath('ease-in', 10, 2).split(' L')[1]!.split(',')[1]);
    expect(mid).toBeGreaterThan(5);
  });

  it('time labels show frames', () => {
    expect(formatTime(1500, 30)).toBe('00:01.500 · f45');
  });
});

describe('sameRows', () => {
  it('the same keys and labels in the same order; a rename or a new property row differs', () => {
    const layers = buildProjectJson(['image', 'image']).layers;
    const keys = [kf('a', layers[0]!.id, 'x', 0)];
    const rows = trackRows(layers, keys);
    expect(
      sameRows(
        rows,
        trackRows(
          layers.map((l) => ({ ...l, x: 5 })),
          keys,
        ),
      ),
    ).toBe(true);
    expect(
      sameRows(
        rows,
        trackRows(
          layers.map((l, i) => (i === 1 ? { ...l, name: 'Renamed' } : l)),
          keys,
        ),
      ),
    ).toBe(false);
    expect(sameRows(rows, trackRows(layers, [...keys, kf('b', layers[0]!.id, 'y', 0)]))).toBe(false);
    expect(sameRows(rows, trackRows([...layers].reverse(), keys))).toBe(false);
  });
});
