import type { StageClock } from './clock';

/** A manual clock for tests of the stage's timers: advance(ms) runs what falls due, in order. */
export function manualClock(): StageClock & { advance(ms: number): void } {
  let t = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => t,
    setTimeout(fn, ms) {
      seq += 1;
      timers.set(seq, { at: t + Math.max(0, ms), fn });
      return seq;
    },
    clearTimeout(h) {
      timers.delete(h as number);
    },
    advance(ms) {
      const end = t + ms;
      for (;;) {
        let next: [number, { at: number; fn: () => void }] | null = null;
        for (const e of timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
        if (!next) break;
        timers.delete(next[0]);
        t = next[1].at;
        next[1].fn();
      }
      t = end;
    },
  };
}
