import { describe, expect, it } from 'vitest';
import { nudgeOffset } from './warp-edits';

describe('nudgeOffset', () => {
  it('nudges 1 px, or 10 px with Shift', () => {
    expect(nudgeOffset('ArrowLeft', false)).toEqual({ x: -1, y: 0 });
    expect(nudgeOffset('ArrowDown', true)).toEqual({ x: 0, y: 10 });
    expect(nudgeOffset('a', false)).toBeNull();
  });
});
