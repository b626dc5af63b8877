import { AsyncLocalStorage } from 'node:async_hooks';

/** The longest a heavy write's step waits for other requests before it runs anyway (it is never starved). */
export const FOREGROUND_MAX_WAIT_MS = 400;

/** One light request: counted from its start until it ends, except while it waits on background work. */
interface Entry {
  counted: boolean;
  /** Ended, or turned out to be a heavy write itself: never counted again. */
  done: boolean;
}

/**
 * Light requests first, heavy writes in between (design.md section 4, rule 14). Pacing alone
 * (pacer.ts) gave others half the thread, but another user's request needs a dozen turns of the
 * event loop (database round trips, its own steps) and met a heavy step at most of them: at CI's
 * load the largest allowed writes still stalled it 500-700 ms. A heavy write now takes its next
 * step only while no light request is being served (or after FOREGROUND_MAX_WAIT_MS), so a
 * request meets at most the one step already running when it arrived.
 *
 * A request that waits on the background work itself (a read of the project being written, a
 * write queued behind it) is not counted while it waits: otherwise the heavy write would wait for
 * it and it for the heavy write, each step costing the full wait.
 */
export interface Foreground {
  /** A light request started; the function returned ends it (once; later calls do nothing). */
  begin(): () => void;
  /** Runs `fn` in the context of a request begun with `begin` (so `park` knows it). */
  within<T>(end: () => void, fn: () => T): T;
  /** Waits on `wait` with the calling request (if any) not counted meanwhile. */
  park<T>(wait: () => Promise<T>): Promise<T>;
  /** The calling request (if any) turned out heavy (a small body that rewrites a large project): no longer counted. */
  demote(): void;
  /** Resolves once no light request is being served (checked after pending I/O), or after maxWaitMs. */
  quiet(maxWaitMs?: number): Promise<void>;
  /** Light requests being served now. */
  running(): number;
  /** Whether the caller is a light request being counted now (not parked, demoted or ended). */
  serving(): boolean;
  /** How many waits ended at their longest wait with requests still served (never when each request ends as it should). */
  gaveUp(): number;
}

export function createForeground(): Foreground {
  const context = new AsyncLocalStorage<Entry>();
  const entries = new WeakMap<() => void, Entry>();
  let running = 0;
  let gaveUp = 0;
  let waiters: (() => void)[] = [];
  const release = () => {
    if (running > 0) return;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  const uncount = (entry: Entry) => {
    if (!entry.counted) return;
    entry.counted = false;
    running--;
    release();
  };
  return {
    begin() {
      const entry: Entry = { counted: true, done: false };
      running++;
      const end = () => {
        entry.done = true;
        uncount(entry);
      };
      entries.set(end, entry);
      return end;
    },
    within(end, fn) {
      const entry = entries.get(end);
      return entry ? context.run(entry, fn) : fn();
    },
    async park(wait) {
      const entry = context.getStore();
      if (!entry?.counted) return wait();
      uncount(entry);
      try {
        return await wait();
      } finally {
        if (!entry.done) {
          entry.counted = true;
          running++;
        }
      }
    },
    demote() {
      const entry = context.getStore();
      if (!entry) return;
      entry.done = true;
      uncount(entry);
    },
    async quiet(maxWaitMs = FOREGROUND_MAX_WAIT_MS) {
      // Through the event loop's poll phase first, so a request that has just arrived is counted:
      // called from an I/O callback, one setImmediate runs before the next poll, two after it (a
      // timer would also do, at a cost of 1 ms or more per step).
      for (let i = 0; i < 2; i++) await new Promise<void>((resolve) => setImmediate(resolve));
      if (running === 0) return;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== wake);
          gaveUp++;
          resolve();
        }, maxWaitMs);
        waiters.push(wake);
      });
    },
    running: () => running,
    serving: () => context.getStore()?.counted === true,
    gaveUp: () => gaveUp,
  };
}
