import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { EASING_FUNCTIONS, EASING_NAMES, type EasingName } from './easing';
import { TimelineEvaluator } from './evaluator';
import { createKeyframe, type Keyframe } from './keyframe';
import { kf, recordingLogger } from './testing';
import { createTransition } from './transition';

const FUZZ_RUNS = Number(process.env['FUZZ_RUNS'] ?? 200);

function evaluatorWith(keyframes: Keyframe[]): TimelineEvaluator {
  const e = new TimelineEvaluator();
  e.setKeyframes(keyframes);
  return e;
}

describe('keyframe evaluation', () => {
  it('applies nothing before the first keyframe and holds the last value after the last', () => {
    const e = evaluatorWith([kf('l', 'x', 1000, 10), kf('l', 'x', 2000, 20)]);
    expect(e.evaluate(999).get('l')).toBeUndefined();
    expect(e.evaluate(1000).get('l')?.get('x')).toBe(10);
    expect(e.evaluate(2000).get('l')?.get('x')).toBe(20);
    expect(e.evaluate(99999).get('l')?.get('x')).toBe(20);
  });

  it('interpolates between the two surrounding keyframes with the earlier keyframe easing', () => {
    const e = evaluatorWith([kf('l', 'x', 0, 0, 'ease-in'), kf('l', 'x', 100, 100, 'linear'), kf('l', 'x', 200, 0, 'ease-out')]);
    expect(e.evaluate(50).get('l')?.get('x')).toBe(25); // ease-in p=0.5 -> 0.25
    expect(e.evaluate(150).get('l')?.get('x')).toBe(50); // linear
  });

  it('uses smooth easing by default', () => {
    const a = createKeyframe({ id: 'a', layerId: 'l', property: 'opacity', time: 0, value: 0 });
    const b = createKeyframe({ id: 'b', layerId: 'l', property: 'opacity', time: 100, value: 1 });
    expect(evaluatorWith([a, b]).evaluate(25).get('l')?.get('opacity')).toBeCloseTo(EASING_FUNCTIONS.smooth(0.25), 12);
  });

  it('keeps each layer and property on its own track, whatever the input order', () => {
    const e = evaluatorWith([kf('b', 'x', 100, 1), kf('a', 'y', 100, 100), kf('a', 'x', 100, 10), kf('a', 'x', 0, 0), kf('a', 'y', 0, 50)]);
    const v = e.evaluate(50);
    expect(v.get('a')?.get('x')).toBe(5);
    expect(v.get('a')?.get('y')).toBe(75);
    expect(v.get('b')).toBeUndefined();
    expect(e.getTracks()).toHaveLength(3);
  });

  it('evaluates objects (position, warp) and switches booleans (visible) at halfway', () => {
    const e = evaluatorWith([
      kf('l', 'position', 0, { x: 0, y: 0 }),
      kf('l', 'position', 10, { x: 10, y: 20 }),
      kf('l', 'visible', 0, false),
      kf('l', 'visible', 10, true),
    ]);
    expect(e.evaluate(4).get('l')?.get('position')).toEqual({ x: 4, y: 8 });
    expect(e.evaluate(4).get('l')?.get('visible')).toBe(false);
    expect(e.evaluate(5).get('l')?.get('visible')).toBe(true);
  });

  it('logs and ignores unknown properties, once per name', () => {
    const logger = recordingLogger();
    const e = new TimelineEvaluator({ logger });
    e.setKeyframes([kf('l', 'width', 0, 1), kf('l', 'width', 10, 2), kf('l', 'x', 0, 1)]);
    expect(e.getTracks()).toHaveLength(1);
    expect(e.evaluate(5).get('l')?.has('width')).toBe(false);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]?.details).toMatchObject({ property: 'width' });
  });

  it('rebuilds only the tracks whose keyframes changed', () => {
    const ax = [kf('a', 'x', 0, 0), kf('a', 'x', 10, 10)];
    const bx = [kf('b', 'x', 0, 0), kf('b', 'x', 10, 10)];
    const e = new TimelineEvaluator();
    e.setKeyframes([...ax, ...bx]);
    expect(e.lastRebuildCount).toBe(2);
    const trackB = e.getTrack('b', 'x');
    e.setKeyframes([...ax, ...bx]);
    expect(e.lastRebuildCount).toBe(0);
    e.setKeyframes([ax[0]!, { ...ax[1]!, value: 30 }, ...bx]);
    expect(e.lastRebuildCount).toBe(1);
    expect(e.getTrack('b', 'x')).toBe(trackB);
    expect(e.evaluate(5).get('a')?.get('x')).toBe(15);
  });

  it('finds the right segment when time jumps backwards and forwards (cursor and binary search)', () => {
    const frames = Array.from({ length: 50 }, (_, i) => kf('l', 'x', i * 10, i * 10));
    const e = evaluatorWith(frames);
    for (const t of [5, 485, 15, 250, 251, 0, 489.5, 3]) expect(e.evaluate(t).get('l')?.get('x')).toBeCloseTo(t, 9);
  });

  it('never filters or sorts the keyframe list during a frame', () => {
    const e = evaluatorWith(Array.from({ length: 200 }, (_, i) => kf(`l${i % 10}`, i % 2 ? 'x' : 'y', i * 7, i)));
    e.setTransitions([
      createTransition({
        id: 't',
        timestamp: 0,
        startTime: 100,
        duration: 500,
        animations: [{ layerId: 'l1', propertyName: 'x', from: 0, to: 1, fromSceneId: 'a', toSceneId: 'b' }],
      }),
    ]);
    const sort = vi.spyOn(Array.prototype, 'sort');
    const filter = vi.spyOn(Array.prototype, 'filter');
    try {
      for (let t = 0; t < 1500; t += 16) {
        e.evaluate(t);
        e.forEachValue(t, () => undefined);
      }
      expect(sort).not.toHaveBeenCalled();
      expect(filter).not.toHaveBeenCalled();
    } finally {
      sort.mockRestore();
      filter.mockRestore();
    }
  });

  it('returns each keyframe value at its own time (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 30, maxLength: 30 }),
        fc.array(fc.constantFrom(...EASING_NAMES), { minLength: 30, maxLength: 30 }),
        (times, values, easings) => {
          const keyframes = times.map((t, i) => kf('l', 'rotation', t, values[i], easings[i]));
          const e = evaluatorWith(keyframes);
          // Visit in shuffled order so both the cached segment and the binary search are exercised.
          for (const k of [...keyframes].reverse()) expect(e.evaluate(k.time).get('l')?.get('rotation')).toBe(k.value);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('keeps numeric interpolation between its two keyframe values for every easing (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.constantFrom<EasingName>(...EASING_NAMES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (t0, span, a, b, easing, f) => {
          const e = evaluatorWith([kf('l', 'opacity', t0, a, easing), kf('l', 'opacity', t0 + span, b, easing)]);
          const v = e
            .evaluate(t0 + f * span)
            .get('l')
            ?.get('opacity') as number;
          expect(v).toBeGreaterThanOrEqual(Math.min(a, b));
          expect(v).toBeLessThanOrEqual(Math.max(a, b));
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
  });
});

describe('transition evaluation', () => {
  const transition = createTransition({
    id: 't',
    timestamp: 0,
    startTime: 1000,
    duration: 1000,
    easing: 'linear',
    animations: [
      { layerId: 'l', propertyName: 'opacity', from: 0, to: 1, fromSceneId: 's1', toSceneId: 's2' },
      { layerId: 'l', propertyName: 'position', from: { x: 0, y: 0 }, to: { x: 100, y: 0 }, fromSceneId: 's1', toSceneId: 's2' },
    ],
  });

  it('interpolates its animations from their from values to their to values while active, over keyframes', () => {
    const e = evaluatorWith([kf('l', 'opacity', 0, 0.3)]);
    e.setTransitions([transition]);
    expect(e.evaluate(500).get('l')?.get('opacity')).toBe(0.3);
    expect(e.evaluate(500).get('l')?.has('position')).toBe(false);
    expect(e.evaluate(1250).get('l')?.get('opacity')).toBe(0.25);
    expect(e.evaluate(1500).get('l')?.get('position')).toEqual({ x: 50, y: 0 });
    expect(e.evaluate(2000).get('l')?.get('opacity')).toBe(0.3);
  });

  it('uses the transition easing', () => {
    const e = new TimelineEvaluator();
    e.setTransitions([{ ...transition, easing: 'ease-out' }]);
    expect(e.evaluate(1500).get('l')?.get('opacity')).toBe(0.75);
  });

  it('logs and ignores animations of unknown properties', () => {
    const logger = recordingLogger();
    const e = new TimelineEvaluator({ logger });
    e.setTransitions([{ ...transition, animations: [{ layerId: 'l', propertyName: 'hue', from: 0, to: 1, fromSceneId: 'a', toSceneId: 'b' }] }]);
    expect(e.evaluate(1500).get('l')).toBeUndefined();
    expect(logger.warnings).toHaveLength(1);
  });
});
