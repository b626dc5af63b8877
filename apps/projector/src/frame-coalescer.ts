/** Schedules a callback for the next animation frame. */
export type RequestFrame = (callback: () => void) => unknown;

/** Coalesces many schedule() calls into one draw per animation frame (document changes and drag frames arrive in bursts). */
export function createFrameCoalescer(draw: () => void, requestFrame: RequestFrame) {
  let pending = false;
  return {
    schedule(): void {
      if (pending) return;
      pending = true;
      requestFrame(() => {
        pending = false;
        draw();
      });
    },
    /** Whether a draw is waiting for its frame. */
    isPending: (): boolean => pending,
  };
}
