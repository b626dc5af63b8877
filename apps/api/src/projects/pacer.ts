import type { Foreground } from './foreground';

/** Below this much time since its last pause, a heavy write only lets the event loop turn (setImmediate). */
export const PACE_FROM_MS = 10;
/** The longest pause a heavy write takes at once. */
export const PACE_MAX_PAUSE_MS = 100;

/** Lets the event loop answer others between the steps of one write (see createPacer). */
export interface Pacer {
  /**
   * Lets others run now; for a heavy write that worked PACE_FROM_MS or more since the last call,
   * pauses about as long, and a heavy write then waits until no light request is being served.
   */
  breathe(): Promise<void>;
  /**
   * Before each of a heavy write's database statements: waits until no light request is being
   * served, with no pause (the statement's work is on the database's thread, not this one). The
   * database serves one statement at a time, so a request arriving meanwhile waits for one at most.
   */
  beforeStatement(): Promise<void>;
  /** The write turned out heavy (a large project): from now on its long steps are followed by a pause, and it yields to light requests. */
  markHeavy(): void;
}

/**
 * A pacer for one write. Letting the event loop turn between steps (setImmediate) is not enough
 * for a heavy write: another user's request needs a dozen turns (database round trips, its own
 * steps), and each waited for one of the heavy write's steps, so a 50 ms step became a ~1 s stall
 * (hostile-load: the largest allowed writes, 0.9-2.3 s). After a step of `t` ms a heavy write
 * pauses about `t` ms (at most PACE_MAX_PAUSE_MS), so others get at least half the thread while it
 * runs; a light write never pauses (its steps are the ones being waited for). The time measured is
 * wall time since the last call, database waits included: a heavy write may pause longer than it
 * worked, never shorter. The pause leaves room for what is not a request (live peers' messages);
 * requests are served first (foreground.ts): a heavy write's steps wait while one is served.
 */
export function createPacer(foreground?: Foreground, now: () => number = () => performance.now()): Pacer {
  let resumed = now();
  let heavy = false;
  return {
    async breathe() {
      const worked = now() - resumed;
      if (heavy && worked >= PACE_FROM_MS) await new Promise<void>((resolve) => setTimeout(resolve, Math.min(worked, PACE_MAX_PAUSE_MS)));
      else await new Promise<void>((resolve) => setImmediate(resolve));
      if (heavy && foreground) await foreground.quiet();
      resumed = now();
    },
    async beforeStatement() {
      if (heavy && foreground) await foreground.quiet();
    },
    markHeavy() {
      if (!heavy) foreground?.demote();
      heavy = true;
    },
  };
}
