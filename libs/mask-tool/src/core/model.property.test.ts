// Seeded random sessions through the driver: the invariants hold whatever a person does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT } from './constants';
import { MaskDriver } from './driver';
import { MaskModel } from './model';
import { deserializeMask, serializeMask } from './serialize';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 100);

const coord = fc.integer({ min: 0, max: 800 });
type Step =
  | { k: 'click'; x: number; y: number }
  | { k: 'drag'; pts: { x: number; y: number }[] }
  | { k: 'key'; key: string; ctrl?: boolean; shift?: boolean }
  | { k: 'wheel'; dy: number; x: number; y: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant('click' as const), x: coord, y: coord }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('drag' as const), pts: fc.array(fc.record({ x: coord, y: coord }), { minLength: 1, maxLength: 6 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('key' as const),
      key: fc.constantFrom('p', 'b', 'e', '[', ']', 'Enter', 'z', 'y', 'Delete'),
      ctrl: fc.boolean(),
      shift: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('wheel' as const), dy: fc.integer({ min: -200, max: 200 }), x: coord, y: coord }) },
);

function play(steps: readonly Step[]): MaskDriver {
  const d = new MaskDriver(new MaskModel());
  for (const s of steps) {
    if (s.k === 'click') d.click(s.x, s.y);
    else if (s.k === 'drag') d.drag(s.pts);
    else if (s.k === 'wheel') d.wheel(s.dy, s.x, s.y);
    else d.key(s.key, { ctrlKey: s.ctrl, shiftKey: s.shift });
  }
  return d;
}

describe('mask model, random sessions', () => {
  it('history stays within 50 and the drawing is always base + applied commands', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 120 }), (steps) => {
        const s = play(steps).model.getState();
        expect(s.history.commands.length).toBeLessThanOrEqual(HISTORY_LIMIT);
        expect(s.activeStroke).toBeNull();
        for (const item of s.items) {
          if (item.kind === 'path' && item.path.closed) expect(item.path.points.length).toBeGreaterThanOrEqual(3);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('undo then redo gives back the same drawing', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 80 }), (steps) => {
        const m = play(steps).model;
        const before = m.getState();
        if (!before.canUndo) return;
        m.undo();
        m.redo();
        expect(m.getState().items).toEqual(before.items);
        expect(m.getState().history).toEqual(before.history);
      }),
      { numRuns: RUNS },
    );
  });

  it('serialise then deserialise gives back the drawing', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 80 }), (steps) => {
        const s = play(steps).model.getState();
        const data = JSON.parse(JSON.stringify(serializeMask(s.items, s.currentPath)));
        const back = deserializeMask(data);
        expect(back.items).toEqual(s.items);
        expect(back.currentPath).toEqual(s.currentPath);
      }),
      { numRuns: RUNS },
    );
  });

  it('60 strokes keep 50 commands and all 60 strokes on the canvas', () => {
    const d = new MaskDriver(new MaskModel());
    d.key('b');
    for (let i = 0; i < 60; i++)
      d.drag([
        { x: i, y: 0 },
        { x: i, y: 10 },
      ]);
    const s = d.model.getState();
    expect(s.history.commands).toHaveLength(50);
    expect(s.items).toHaveLength(60);
  });
});
