import { describe, expect, it } from 'vitest';
import { NAVIGATION_HOLD_MS, createNavigationLoadingFlag } from './navigation-loading';
import type { Scheduler } from './navigation-loading';

function manualScheduler() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const scheduler: Scheduler = {
    setTimeout: (fn, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at <= now) {
        timers.delete(id);
        t.fn();
      }
    }
  };
  return { scheduler, advance };
}

describe('navigation loading flag', () => {
  it('stays on for 150 ms after a route change', () => {
    const { scheduler, advance } = manualScheduler();
    const seen: boolean[] = [];
    const flag = createNavigationLoadingFlag((v) => seen.push(v), scheduler);
    flag.navigated();
    expect(seen).toEqual([true]);
    advance(NAVIGATION_HOLD_MS - 1);
    expect(seen).toEqual([true]);
    advance(1);
    expect(seen).toEqual([true, false]);
  });

  it('restarts the hold on a second navigation without flickering', () => {
    const { scheduler, advance } = manualScheduler();
    const seen: boolean[] = [];
    const flag = createNavigationLoadingFlag((v) => seen.push(v), scheduler);
    flag.navigated();
    advance(100);
    flag.navigated();
    advance(100);
    expect(seen).toEqual([true]);
    advance(50);
    expect(seen).toEqual([true, false]);
  });
});
