import type { Clock, TimerHandle } from '@beamstage/timeline';

/**
 * How often the open Share dialog reads the member list again. The api pushes no membership event
 * to the owner (it only closes the changed member's own sockets), so a member who leaves shows in
 * the owner's open dialog within this, or at once when their editor's presence goes.
 */
export const MEMBERS_POLL_MS = 5_000;

export interface MembersFollowerOptions {
  /** Reads the list and shows it (never rejects: it shows its own failure). */
  load: () => Promise<void>;
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** False while the tab is hidden: no reads then; the tab showing again nudges. */
  visible: () => boolean;
  intervalMs?: number;
}

export interface MembersFollower {
  /** Reads now (a peer came or went, the window got focus); one read runs at a time, a nudge meanwhile reads once more after it. */
  nudge(): void;
  /** The dialog closed: no more reads. */
  stop(): void;
}

/**
 * Keeps the open Share dialog's list current: a read every `intervalMs` while the tab shows (the
 * next one counted from the end of the last, so a slow server never gets reads piling up) and one
 * on each nudge.
 */
export function followMembers({ load, clock, visible, intervalMs = MEMBERS_POLL_MS }: MembersFollowerOptions): MembersFollower {
  let timer: TimerHandle | null = null;
  let inFlight = false;
  let again = false;
  let stopped = false;

  const schedule = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = stopped ? null : clock.setTimeout(tick, intervalMs);
  };
  const read = () => {
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    void load()
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
        if (again) {
          again = false;
          return read();
        }
        schedule();
      });
  };
  function tick() {
    timer = null;
    if (visible()) read();
    else schedule();
  }

  schedule();
  return {
    nudge: read,
    stop() {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
