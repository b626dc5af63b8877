/** Schedules one callback before the next displayed frame (requestAnimationFrame in the browser). */
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

/** The browser's frame scheduler. */
export function browserFrameScheduler(): FrameScheduler {
  return {
    request: (callback) => requestAnimationFrame(() => callback()),
    cancel: (handle) => cancelAnimationFrame(handle),
  };
}
