import { describe, expect, it } from 'vitest';
import { handleAt, handleHitPx } from './handles';
import type { Handle } from './handles';

describe('the warp handle size setting', () => {
  it('scales the grab radius: 9 px at the default 36, 22.5 px at 90, 1.5 px at 6', () => {
    expect(handleHitPx()).toBe(9);
    expect(handleHitPx(90)).toBe(22.5);
    expect(handleHitPx(6)).toBe(1.5);
    const handles = [{ kind: 'corner', index: 0, screen: { x: 0, y: 0 } }] as unknown as Handle[];
    expect(handleAt(handles, { x: 15, y: 0 }, handleHitPx(36))).toBeNull();
    expect(handleAt(handles, { x: 15, y: 0 }, handleHitPx(90))).not.toBeNull();
  });
});
