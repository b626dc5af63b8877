import { describe, expect, it } from 'vitest';
import { SERVER_SAVED, SERVER_SAVING, serverSaveLabel, warnOnLeave } from './server-save';

describe('server save state', () => {
  it('says Saving while edits wait for the store, Saved once stored, nothing when unknown', () => {
    expect(serverSaveLabel(false)).toBe(SERVER_SAVING);
    expect(serverSaveLabel(true)).toBe(SERVER_SAVED);
    expect(serverSaveLabel(null)).toBeNull();
  });

  it('asks before leaving only while edits wait, and stops asking when removed', () => {
    const target = new EventTarget();
    let pending = true;
    const stop = warnOnLeave(target as never, () => pending);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(true);
    pending = false;
    expect(leave()).toBe(false);
    pending = true;
    stop();
    expect(leave()).toBe(false);
  });
});
