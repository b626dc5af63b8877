import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProjectDoc } from './doc';
import { checkInvariants } from './invariants';
import { cloneJson } from '../schema/json';
import { applyDocWrites, normalizeDoc, planNormalize, withOperationNormalizeDeferred } from './normalize';
import { moveLayer } from '../commands/layer-ops';
import { buildProjectDoc } from '../testing';
import { LAYER_TYPES, type LayerType } from '../schema/types';

const RUNS = Number(process.env.PROP_RUNS ?? 150);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

type Damage =
  | { k: 'order'; pick: number; order: string | number | null }
  | { k: 'type'; pick: number; type: LayerType }
  | { k: 'blend'; pick: number }
  | { k: 'points'; pick: number; n: number }
  | { k: 'warp'; pick: number }
  | { k: 'id'; pick: number }
  | { k: 'projectWarp'; n: number }
  | { k: 'timeline'; duration: number; fps: number; start: number; end: number };

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({
    k: fc.constant('order' as const),
    pick: fc.nat(20),
    order: fc.oneof(fc.constantFrom('0', 'V', 'VV', 'a0', '!', null, 7), fc.stringMatching(/^[0-9A-Za-z]{1,3}$/)),
  }),
  fc.record({ k: fc.constant('type' as const), pick: fc.nat(20), type: fc.constantFrom(...LAYER_TYPES) }),
  fc.record({ k: fc.constant('blend' as const), pick: fc.nat(20) }),
  fc.record({ k: fc.constant('points' as const), pick: fc.nat(20), n: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ k: fc.constant('warp' as const), pick: fc.nat(20) }),
  fc.record({ k: fc.constant('id' as const), pick: fc.nat(20) }),
  fc.record({ k: fc.constant('projectWarp' as const), n: fc.integer({ min: 0, max: 6 }) }),
  fc.record({
    k: fc.constant('timeline' as const),
    duration: fc.integer({ min: -10, max: 5000 }),
    fps: fc.integer({ min: -5, max: 200 }),
    start: fc.integer({ min: -100, max: 6000 }),
    end: fc.integer({ min: -100, max: 6000 }),
  }),
);

/** Breaks a normalised document the way a merge or a hostile file could. */
function breakDoc(doc: ProjectDoc, list: readonly Damage[]): void {
  const ids = Object.keys(doc.layers).sort();
  const layer = (n: number) => (ids.length ? doc.layers[ids[n % ids.length]!]! : null);
  const mutable = doc as unknown as Record<string, unknown>;
  for (const d of list) {
    if (d.k === 'projectWarp') mutable['warpPoints'] = Array.from({ length: d.n }, (_, i) => ({ x: i, y: i }));
    else if (d.k === 'timeline') Object.assign(doc.timeline, { duration: d.duration, fps: d.fps, playStartTime: d.start, playEndTime: d.end });
    else {
      const l = layer(d.pick) as unknown as Record<string, unknown> & { warp: Record<string, unknown> };
      if (!l) continue;
      if (d.k === 'order') l['order'] = d.order;
      if (d.k === 'type') l['type'] = d.type;
      if (d.k === 'blend') l['blendMode'] = 'normal';
      if (d.k === 'points' && typeof l.warp === 'object' && l.warp) l.warp['points'] = Array.from({ length: d.n }, (_, i) => ({ x: i, y: 1 }));
      if (d.k === 'warp') (l as Record<string, unknown>)['warp'] = null;
      if (d.k === 'id') l['id'] = 'wrong';
    }
  }
}

describe('planNormalize', () => {
  it('only reads, and its writes restore every invariant in one pass', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LAYER_TYPES), { maxLength: 12 }), fc.array(damage, { maxLength: 10 }), (types, harm) => {
        const doc = buildProjectDoc(types);
        expect(planNormalize(doc)).toEqual([]); // a healthy document needs no write
        breakDoc(doc, harm);
        const frozen = deepFreeze(cloneJson(doc));
        const writes = planNormalize(frozen); // throws if it tried to write the frozen snapshot
        const fixed = cloneJson(doc);
        expect(applyDocWrites(fixed, writes)).toBe(writes.length);
        expect(checkInvariants(fixed)).toEqual([]);
        expect(planNormalize(fixed)).toEqual([]);
        // normalizeDoc is exactly plan then apply.
        const direct = cloneJson(doc);
        expect(normalizeDoc(direct)).toBe(writes.length);
        expect(direct).toEqual(fixed);
      }),
      { numRuns: RUNS },
    );
  });

  it('plans the timeline bounds in dependency order (end within the clamped duration, start within end)', () => {
    const doc = buildProjectDoc(['image']);
    Object.assign(doc.timeline, { duration: 10, playEndTime: 5000, playStartTime: 4000, fps: 0, playbackSpeed: 99, currentTime: -1 });
    applyDocWrites(doc, planNormalize(doc));
    expect(doc.timeline).toMatchObject({ duration: 1000, playEndTime: 1000, playStartTime: 1000, fps: 1, playbackSpeed: 10, currentTime: 0 });
  });
});

describe('withOperationNormalizeDeferred', () => {
  it("skips the operations' own normalise pass inside, and only inside, even after a throw", () => {
    const broken = () => {
      const doc = buildProjectDoc(['html', 'image', 'image']);
      doc.layers['L0']!.order = 'zz'; // the DOM layer below the canvas layers
      return doc;
    };
    const inside = broken();
    withOperationNormalizeDeferred(() => moveLayer(inside, 'L1', 2));
    expect(checkInvariants(inside).length).toBeGreaterThan(0);
    expect(() =>
      withOperationNormalizeDeferred(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    const outside = broken();
    moveLayer(outside, 'L1', 2);
    expect(checkInvariants(outside)).toEqual([]);
  });
});
