import { describe, expect, it } from 'vitest';
import { clickSelect, EMPTY_SELECTION, pruneSelection } from './selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const plain = { shift: false, toggle: false };
const shift = { shift: true, toggle: false };
const toggle = { shift: false, toggle: true };

describe('layers panel selection', () => {
  it('a plain click selects one row and anchors there', () => {
    expect(clickSelect(order, { ids: ['a', 'b'], primary: 'b', anchor: 'a' }, 'c', plain)).toEqual({ ids: ['c'], primary: 'c', anchor: 'c' });
  });

  it('Shift selects the range from the anchor, in draw order, either direction', () => {
    const one = clickSelect(order, EMPTY_SELECTION, 'b', plain);
    expect(clickSelect(order, one, 'd', shift)).toEqual({ ids: ['b', 'c', 'd'], primary: 'd', anchor: 'b' });
    const down = clickSelect(order, clickSelect(order, EMPTY_SELECTION, 'd', plain), 'a', shift);
    expect(down.ids).toEqual(['a', 'b', 'c', 'd']);
    // A second Shift-click re-ranges from the same anchor.
    expect(clickSelect(order, down, 'e', shift).ids).toEqual(['d', 'e']);
  });

  it('Ctrl/Cmd toggles one row and keeps the rest', () => {
    let s = clickSelect(order, EMPTY_SELECTION, 'a', plain);
    s = clickSelect(order, s, 'd', toggle);
    expect(s).toEqual({ ids: ['a', 'd'], primary: 'd', anchor: 'd' });
    s = clickSelect(order, s, 'c', toggle);
    expect(s.ids).toEqual(['a', 'c', 'd']);
    s = clickSelect(order, s, 'c', toggle);
    expect(s).toEqual({ ids: ['a', 'd'], primary: 'd', anchor: 'c' });
    // Removing the primary makes the last one left the primary.
    s = clickSelect(order, s, 'd', toggle);
    expect(s).toEqual({ ids: ['a'], primary: 'a', anchor: 'd' });
    s = clickSelect(order, s, 'a', toggle);
    expect(s).toEqual({ ids: [], primary: null, anchor: 'a' });
  });

  it('Ctrl+Shift adds a range to what is selected', () => {
    let s = clickSelect(order, EMPTY_SELECTION, 'a', plain);
    s = clickSelect(order, s, 'c', toggle);
    s = clickSelect(order, s, 'e', { shift: true, toggle: true });
    expect(s.ids).toEqual(['a', 'c', 'd', 'e']);
  });

  it('Shift with nothing selected selects the one row; unknown ids change nothing', () => {
    expect(clickSelect(order, EMPTY_SELECTION, 'c', shift)).toEqual({ ids: ['c'], primary: 'c', anchor: 'c' });
    const s = { ids: ['a'], primary: 'a', anchor: 'a' };
    expect(clickSelect(order, s, 'zz', plain)).toBe(s);
  });

  it('prunes deleted layers', () => {
    const s = { ids: ['a', 'c', 'd'], primary: 'd', anchor: 'd' };
    expect(pruneSelection(['a', 'b', 'c'], s)).toEqual({ ids: ['a', 'c'], primary: 'c', anchor: 'c' });
    expect(pruneSelection(order, s)).toBe(s);
  });
});
