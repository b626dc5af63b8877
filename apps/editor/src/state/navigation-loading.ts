/** The navigation loading flag stays on this long after a route change (spec section 2). */
export const NAVIGATION_HOLD_MS = 150;

export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A flag that turns on at each navigation and off NAVIGATION_HOLD_MS after the last one. */
export function createNavigationLoadingFlag(onChange: (loading: boolean) => void, scheduler: Scheduler) {
  let timer: unknown = null;
  let loading = false;
  const set = (value: boolean) => {
    if (value !== loading) {
      loading = value;
      onChange(value);
    }
  };
  return {
    /** Call on every route change. */
    navigated(): void {
      if (timer !== null) scheduler.clearTimeout(timer);
      set(true);
      timer = scheduler.setTimeout(() => {
        timer = null;
        set(false);
      }, NAVIGATION_HOLD_MS);
    },
    dispose(): void {
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
    },
  };
}
