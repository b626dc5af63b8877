import { describe, expect, it } from 'vitest';
import { saveStatus } from './save-status';

describe('saveStatus', () => {
  const base = { saving: false, dirty: false, lastSavedLabel: null, liveEditing: false };
  it('says Unsaved only for edits outside the live document', () => {
    expect(saveStatus({ ...base, dirty: true })).toBe('Unsaved changes');
    expect(saveStatus({ ...base, liveEditing: true })).toBe('Edits are live');
    expect(saveStatus({ ...base, liveEditing: true, lastSavedLabel: 'just now' })).toBe('Saved just now');
    expect(saveStatus({ ...base })).toBe('All changes saved');
    expect(saveStatus({ ...base, dirty: true, saving: true })).toBe('Saving…');
  });
});
