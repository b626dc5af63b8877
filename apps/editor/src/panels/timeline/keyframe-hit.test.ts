import type { Keyframe, KeyframeId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { timeToX } from './geometry';
import { KEY_HIT_PX, keyframeAt, keyframesAtHit } from './keyframe-hit';
import { paintKeyframes } from './keyframe-paint';
import type { Paint2D } from './keyframe-paint';

const kf = (id: string, property: string, time: number): Keyframe => ({ id: id as KeyframeId, layerId: 'L', property, time, value: 0, easing: 'linear' });

// Rows as the drawer lays them out: the layer's summary row, then x (two keyframes), then y.
const x0 = kf('x0', 'x', 0);
const x1 = kf('x1', 'x', 3000);
const y1 = kf('y1', 'y', 3000);
const rows = [[x0, x1, y1], [x0, x1], [y1]];
const view = { zoom: 1, scroll: 0 };
const at = (x: number, y: number, v = view) => keyframeAt({ x, y, top: 44, rowPx: 22, rowCount: rows.length, keyframesOf: (i) => rows[i] ?? [], view: v });

describe('keyframeAt (hit-testing the painted diamonds)', () => {
  it('finds the diamond under the pointer on the row under it', () => {
    expect(at(300, 44 + 22 + 11)).toEqual({ row: 1, keyframe: x1 });
    expect(at(0, 44 + 22 + 11)).toEqual({ row: 1, keyframe: x0 });
    expect(at(300, 44 + 44 + 11)).toEqual({ row: 2, keyframe: y1 });
  });

  it('takes a press anywhere in the row height within KEY_HIT_PX of the centre, nothing beyond', () => {
    expect(at(300 + KEY_HIT_PX, 44 + 22 + 1)?.keyframe).toBe(x1);
    expect(at(300 - KEY_HIT_PX, 44 + 22 + 21)?.keyframe).toBe(x1);
    expect(at(300 + KEY_HIT_PX + 1, 44 + 22 + 11)).toBeNull();
    expect(at(150, 44 + 22 + 11)).toBeNull();
  });

  it('above the tracks (ruler, scene track) and below the last row hits nothing', () => {
    expect(at(300, 30)).toBeNull();
    expect(at(300, 44 + 3 * 22 + 2)).toBeNull();
  });

  it('follows the zoom and scroll: the diamond is where timeToX puts it', () => {
    const zoomed = { zoom: 2.5, scroll: 1200 };
    const cx = timeToX(3000, zoomed);
    expect(at(cx + 3, 44 + 11, zoomed)?.keyframe.time).toBe(3000);
    expect(timeToX(0, zoomed)).toBeLessThan(-KEY_HIT_PX);
    expect(at(2, 44 + 11, zoomed)).toBeNull(); // 0 ms is scrolled off to the left: nothing at the edge
  });

  it('of two diamonds within reach, the nearer; of two at one place, the one painted on top (last)', () => {
    expect(at(298, 44 + 11)?.keyframe).toBe(y1); // x1 and y1 both at 3000 ms on the summary row
    const close = [kf('a', 'x', 1000), kf('b', 'x', 1100)];
    const near = keyframeAt({ x: 107, y: 11, top: 0, rowPx: 22, rowCount: 1, keyframesOf: () => close, view });
    expect(near?.keyframe.id).toBe('b');
  });

  it('a press on a summary row takes every keyframe of the layer at that time', () => {
    expect(keyframesAtHit({ row: 0, keyframe: x1 }, rows[0]!, true).sort()).toEqual(['x1', 'y1']);
    expect(keyframesAtHit({ row: 1, keyframe: x1 }, rows[1]!, false)).toEqual(['x1']);
  });
});

/** A 2D context that records the diamonds' centres per fill colour. */
function recorder() {
  const fills: { color: string; centres: { x: number; y: number }[] }[] = [];
  let path: { x: number; y: number }[] = [];
  let points: { x: number; y: number }[] = [];
  const g: Paint2D = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    setTransform: () => undefined,
    clearRect: () => undefined,
    beginPath: () => void (path = []),
    moveTo: (x, y) => void (points = [{ x, y }]),
    lineTo: (x, y) => void points.push({ x, y }),
    // A diamond: top, right, bottom, left; its centre is the top's x and the right's y.
    closePath: () => void path.push({ x: points[0]!.x, y: points[1]!.y }),
    fill: () => void fills.push({ color: String(g.fillStyle), centres: path }),
    stroke: () => undefined,
  };
  return { g, fills };
}

describe('paintKeyframes', () => {
  const paint = (over: Partial<Parameters<typeof paintKeyframes>[1]> = {}) => {
    const { g, fills } = recorder();
    const count = paintKeyframes(g, {
      rows: [
        { summary: true, keyframes: rows[0]! },
        { summary: false, keyframes: rows[1]! },
      ],
      view,
      width: 1000,
      rowPx: 22,
      selected: new Set(),
      moving: new Set(),
      dt: 0,
      dpr: 1,
      ...over,
    });
    return { count, fills };
  };

  it('paints each keyframe once at its time, in its row, in its row kind colour; the selected on top in orange', () => {
    const { count, fills } = paint({ selected: new Set(['x1']) });
    expect(count).toBe(5);
    expect(fills.map((f) => f.color)).toEqual(['#8f86c9', '#c9c2ff', '#ffb347']);
    expect(fills[0]!.centres).toEqual([
      { x: 0, y: 11 },
      { x: 300, y: 11 },
    ]); // x0 and y1 on the summary row
    expect(fills[1]!.centres).toEqual([{ x: 0, y: 33 }]); // x0 on the x row
    expect(fills[2]!.centres).toEqual([
      { x: 300, y: 11 },
      { x: 300, y: 33 },
    ]); // x1 on both rows
  });

  it('paints dragged keyframes where they would land and skips those outside the canvas', () => {
    const { count, fills } = paint({ moving: new Set(['x0']), dt: 500, width: 200 });
    // x0 moves to 50 px on both rows; x1 and y1 at 300 px are off a 200 px canvas.
    expect(count).toBe(2);
    expect(fills.flatMap((f) => f.centres)).toEqual([
      { x: 50, y: 11 },
      { x: 50, y: 33 },
    ]);
  });
});
