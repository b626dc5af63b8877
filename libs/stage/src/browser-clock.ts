import { createSystemClock, type Clock } from '@beamstage/timeline';

/**
 * The browser's clock for the pure libs' injected-clock APIs (presence, drag overrides, playback):
 * performance.now for durations, Date.now for wall time, the window's timers.
 */
export function browserClock(): Clock {
  return createSystemClock({
    now: () => performance.now(),
    wallNow: () => Date.now(),
    setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  });
}
