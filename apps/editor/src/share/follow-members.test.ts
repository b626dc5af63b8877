import { createManualClock } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { followMembers, MEMBERS_POLL_MS } from './follow-members';

/** A load whose calls are counted and finish when the test says (the member list read). */
function loads() {
  const pending: (() => void)[] = [];
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return new Promise<void>((resolve) => pending.push(resolve));
    },
    calls: () => calls,
    /** Finishes the oldest read and lets its continuation run. */
    finish: async () => {
      pending.shift()?.();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe('the open Share dialog following the member list', () => {
  it('reads again every MEMBERS_POLL_MS while the tab shows, counted from the end of the last read', async () => {
    const clock = createManualClock();
    const l = loads();
    const follower = followMembers({ load: l.load, clock, visible: () => true });
    clock.advance(MEMBERS_POLL_MS - 1);
    expect(l.calls()).toBe(0);
    clock.advance(1);
    expect(l.calls()).toBe(1);
    // A slow answer: no second read piles up while the first runs.
    clock.advance(MEMBERS_POLL_MS * 3);
    expect(l.calls()).toBe(1);
    await l.finish();
    clock.advance(MEMBERS_POLL_MS);
    expect(l.calls()).toBe(2);
    follower.stop();
  });

  it('reads nothing while the tab is hidden', () => {
    const clock = createManualClock();
    const l = loads();
    let shown = false;
    followMembers({ load: l.load, clock, visible: () => shown });
    clock.advance(MEMBERS_POLL_MS * 4);
    expect(l.calls()).toBe(0);
    shown = true;
    clock.advance(MEMBERS_POLL_MS);
    expect(l.calls()).toBe(1);
  });

  it('a nudge reads at once; nudges during a read make one more read after it, not one each', async () => {
    const clock = createManualClock();
    const l = loads();
    const follower = followMembers({ load: l.load, clock, visible: () => true });
    follower.nudge();
    expect(l.calls()).toBe(1);
    follower.nudge();
    follower.nudge();
    expect(l.calls()).toBe(1);
    await l.finish();
    expect(l.calls()).toBe(2);
    await l.finish();
    // Then the poll again, a full interval after the last read.
    clock.advance(MEMBERS_POLL_MS - 1);
    expect(l.calls()).toBe(2);
    clock.advance(1);
    expect(l.calls()).toBe(3);
  });

  it('stops reading once the dialog closed, even when a read was under way', async () => {
    const clock = createManualClock();
    const l = loads();
    const follower = followMembers({ load: l.load, clock, visible: () => true });
    follower.nudge();
    follower.stop();
    await l.finish();
    follower.nudge();
    clock.advance(MEMBERS_POLL_MS * 10);
    expect(l.calls()).toBe(1);
  });
});
