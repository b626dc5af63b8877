import { describe, expect, it } from 'vitest';
import { stackMoveIndex } from './layer-order-actions';

const list = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));

describe('stackMoveIndex', () => {
  it('moves one layer a step or to an end', () => {
    expect(stackMoveIndex(list, ['c'], 'forward')).toBe(1);
    expect(stackMoveIndex(list, ['c'], 'backward')).toBe(3);
    expect(stackMoveIndex(list, ['c'], 'front')).toBe(0);
    expect(stackMoveIndex(list, ['c'], 'back')).toBe(4);
  });

  it('stops at the ends', () => {
    expect(stackMoveIndex(list, ['a'], 'forward')).toBe(0);
    expect(stackMoveIndex(list, ['e'], 'backward')).toBe(4);
  });

  it('moves a selection as a block from its first row', () => {
    // b and d selected: rest a, c, e; the block sits at rest index 1.
    expect(stackMoveIndex(list, ['b', 'd'], 'forward')).toBe(0);
    expect(stackMoveIndex(list, ['b', 'd'], 'backward')).toBe(2);
    expect(stackMoveIndex(list, ['b', 'd'], 'back')).toBe(3);
  });
});
