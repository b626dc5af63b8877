// Every library that runs anywhere takes time from a Clock instead of touching Date,
// setTimeout or requestAnimationFrame, so spec timings (16 ms flush, 100 ms debounce,
// 2 s override, 150 ms navigation hold) are tested by stepping a manual clock.

/** A cancel handle returned by Clock.setTimeout. */
export type TimerHandle = { readonly __timer: unique symbol } | number | object;

/** Time and timers, injected. Apps pass systemClock; tests pass a ManualClock. */
export interface Clock {
  /** Milliseconds on a monotonic timeline (performance.now() in apps). */
  now(): number;
  /** Milliseconds since the Unix epoch, for timestamps that are stored (Date.now() in apps). */
  wallNow(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** A Clock whose time only moves when a test calls advance(). */
export interface ManualClock extends Clock {
  /** Moves time forward by ms, running every timer that falls due, in due order. */
  advance(ms: number): void;
  /** Number of timers not yet run or cleared. */
  pendingTimers(): number;
}

/** The real clock; the caller passes in the platform's timer functions so this file stays pure. */
export function createSystemClock(platform: {
  now: () => number;
  wallNow: () => number;
  setTimeout: (cb: () => void, ms: number) => TimerHandle;
  clearTimeout: (h: TimerHandle) => void;
}): Clock {
  return { now: platform.now, wallNow: platform.wallNow, setTimeout: platform.setTimeout, clearTimeout: platform.clearTimeout };
}

/** A deterministic clock for tests, starting at startMs (and wall time startWallMs). */
export function createManualClock(startMs = 0, startWallMs = 1_700_000_000_000): ManualClock {
  let now = startMs;
  let nextId = 1;
  const timers = new Map<number, { due: number; callback: () => void; seq: number }>();
  return {
    now: () => now,
    wallNow: () => startWallMs + (now - startMs),
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { due: now + Math.max(0, ms), callback, seq: id });
      return id;
    },
    clearTimeout(handle) {
      if (typeof handle === 'number') timers.delete(handle);
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        let nextKey: number | undefined;
        let next: { due: number; seq: number } | undefined;
        for (const [key, t] of timers) {
          if (t.due <= target && (!next || t.due < next.due || (t.due === next.due && t.seq < next.seq))) {
            next = t;
            nextKey = key;
          }
        }
        if (nextKey === undefined || !next) break;
        const timer = timers.get(nextKey)!;
        timers.delete(nextKey);
        now = Math.max(now, timer.due);
        timer.callback();
      }
      now = target;
    },
    pendingTimers: () => timers.size,
  };
}
