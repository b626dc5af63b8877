import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT } from './constants';
import type { MaskCommand, MaskHistory } from './history';
import { canRedo, canUndo, emptyHistory, pushCommand, rebuildItems, redo, undo } from './history';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 200);

const stroke = (n: number): MaskCommand => ({
  type: 'addBrushStroke',
  description: 'Brush stroke',
  data: { points: [{ x: n, y: n }], brushSize: 10, isEraser: false },
});
const clear: MaskCommand = { type: 'clearAll', data: null, description: 'Clear all' };

type Op = { kind: 'push'; n: number } | { kind: 'clear' } | { kind: 'undo' } | { kind: 'redo' };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 1000 }).map((n) => ({ kind: 'push' as const, n })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'redo' as const }) },
);

function run(ops: readonly Op[]): MaskHistory {
  return ops.reduce<MaskHistory>(
    (h, op) => (op.kind === 'push' ? pushCommand(h, stroke(op.n)) : op.kind === 'clear' ? pushCommand(h, clear) : op.kind === 'undo' ? undo(h) : redo(h)),
    emptyHistory(),
  );
}

describe('mask history', () => {
  it('keeps at most 50 commands and folds dropped ones into the base', () => {
    let h = emptyHistory();
    for (let i = 0; i < 60; i++) h = pushCommand(h, stroke(i));
    expect(h.commands).toHaveLength(HISTORY_LIMIT);
    expect(h.index).toBe(49);
    expect(h.base).toHaveLength(10);
    expect(rebuildItems(h)).toHaveLength(60);
    // Undoing everything kept leaves the folded-in part of the drawing.
    for (let i = 0; i < 60; i++) h = undo(h);
    expect(canUndo(h)).toBe(false);
    expect(rebuildItems(h)).toHaveLength(10);
  });

  it('a new command drops the redo tail', () => {
    let h = pushCommand(pushCommand(pushCommand(emptyHistory(), stroke(1)), stroke(2)), stroke(3));
    h = undo(undo(h));
    expect(canRedo(h)).toBe(true);
    h = pushCommand(h, stroke(9));
    expect(canRedo(h)).toBe(false);
    expect(h.commands.map((c) => (c.type === 'addBrushStroke' ? c.data.points[0]?.x : null))).toEqual([1, 9]);
  });

  it('clear all replaces the history with one command that cannot bring the drawing back', () => {
    let h = pushCommand(pushCommand(emptyHistory(), stroke(1)), stroke(2));
    h = pushCommand(h, clear);
    expect(h.commands).toEqual([clear]);
    expect(rebuildItems(h)).toEqual([]);
    expect(rebuildItems(undo(h))).toEqual([]);
  });

  it('property: length bound, index in range, items consistent', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 150 }), (ops) => {
        const h = run(ops);
        expect(h.commands.length).toBeLessThanOrEqual(HISTORY_LIMIT);
        expect(h.index).toBeGreaterThanOrEqual(-1);
        expect(h.index).toBeLessThan(h.commands.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('property: undo then redo is the identity; redo then undo too', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), (ops) => {
        const h = run(ops);
        if (canUndo(h)) {
          const back = redo(undo(h));
          expect(back).toEqual(h);
          expect(rebuildItems(back)).toEqual(rebuildItems(h));
        }
        if (canRedo(h)) expect(undo(redo(h))).toEqual(h);
      }),
      { numRuns: RUNS },
    );
  });
});
