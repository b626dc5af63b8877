import { describe, expect, it } from 'vitest';
import { isTypingTarget } from './typing';

/** A stand-in element: `closest` answers for the selectors of the element and its ancestors. */
const element = (matches: boolean, editable = false) => ({ isContentEditable: editable, closest: () => (matches ? {} : null) }) as unknown as EventTarget;

describe('isTypingTarget', () => {
  it('is true inside inputs and editable content, false elsewhere', () => {
    expect(isTypingTarget(element(true))).toBe(true);
    expect(isTypingTarget(element(false, true))).toBe(true);
    expect(isTypingTarget(element(false))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({} as EventTarget)).toBe(false);
  });
});
