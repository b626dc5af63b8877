import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock';

describe('manual clock', () => {
  it('runs timers in due order as time advances, and not before', () => {
    const clock = createManualClock();
    const seen: string[] = [];
    clock.setTimeout(() => seen.push('b@20'), 20);
    clock.setTimeout(() => seen.push('a@10'), 10);
    const cancelled = clock.setTimeout(() => seen.push('never'), 15);
    clock.clearTimeout(cancelled);
    clock.advance(9);
    expect(seen).toEqual([]);
    clock.advance(11);
    expect(seen).toEqual(['a@10', 'b@20']);
    expect(clock.now()).toBe(20);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('runs a timer scheduled by a timer when it falls inside the same advance', () => {
    const clock = createManualClock();
    const times: number[] = [];
    clock.setTimeout(() => {
      times.push(clock.now());
      clock.setTimeout(() => times.push(clock.now()), 5);
    }, 5);
    clock.advance(10);
    expect(times).toEqual([5, 10]);
  });
});
