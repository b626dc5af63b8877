import { describe, expect, it } from 'vitest';
import { leaveNeedsConfirmation } from './leave-guard';

describe('leaving the editor in the page', () => {
  it('asks only with unsaved changes, and not when the editor follows its project to a new address', () => {
    expect(leaveNeedsConfirmation(true, '/dashboard')).toBe(true);
    expect(leaveNeedsConfirmation(false, '/dashboard')).toBe(false);
    expect(leaveNeedsConfirmation(true, '/editor/proj_1_moved')).toBe(false);
  });
});
