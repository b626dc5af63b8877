import type { Clock } from '@beamstage/timeline';

/**
 * The browser's clock for the pure libs' injected-clock APIs (presence, drag overrides, playback,
 * the stage's load timers): performance.now for durations, Date.now for wall time, the window's
 * timers (wrapped: the browser's own setTimeout refuses a `this` other than the window).
 */
export function browserClock(): Clock {
  return {
    now: () => performance.now(),
    wallNow: () => Date.now(),
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
}
