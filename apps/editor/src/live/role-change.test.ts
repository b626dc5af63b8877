import { describe, expect, it } from 'vitest';
import { decideRoleChange, ROLE_EDIT_AGAIN_TOAST, ROLE_UNSENT_KEPT, ROLE_VIEW_ONLY_TOAST } from './role-change';

describe('a ticket mode applied to the open editor', () => {
  it('the first ticket sets the state silently, for a viewer and an editor alike', () => {
    expect(decideRoleChange(null, 'read-only', false)).toEqual({ viewOnly: true, toast: null });
    expect(decideRoleChange(null, 'read-write', true)).toEqual({ viewOnly: false, toast: null });
  });

  it('a reconnect with the same mode changes nothing and says nothing', () => {
    expect(decideRoleChange('read-write', 'read-write', false)).toEqual({ viewOnly: false, toast: null });
    expect(decideRoleChange('read-only', 'read-only', true)).toEqual({ viewOnly: true, toast: null });
  });

  it('demoted: view-only, told once; changes not on the server are named as kept on this device', () => {
    expect(decideRoleChange('read-write', 'read-only', false)).toEqual({ viewOnly: true, toast: { text: ROLE_VIEW_ONLY_TOAST, tone: 'info' } });
    const unsent = decideRoleChange('read-write', 'read-only', true);
    expect(unsent.viewOnly).toBe(true);
    expect(unsent.toast?.text).toBe(`${ROLE_VIEW_ONLY_TOAST}. ${ROLE_UNSENT_KEPT}`);
    expect(unsent.toast?.tone).toBe('error');
  });

  it('promoted: editing comes back, told once', () => {
    expect(decideRoleChange('read-only', 'read-write', false)).toEqual({ viewOnly: false, toast: { text: ROLE_EDIT_AGAIN_TOAST, tone: 'success' } });
  });
});
