import type { FrameScheduler } from './frame-scheduler';

/** Keeps the latest pushed value and hands it on once per displayed frame. */
export interface FrameCoalescer<T> {
  /** Remembers `value` (replacing any value not handed on yet) and asks for a frame if none is asked. */
  push(value: T): void;
  /** Drops the value not handed on yet, if any (a drag that ends sends its final value itself). */
  cancel(): void;
  /** Whether a value waits for the next frame. */
  pending(): boolean;
}

/**
 * Pointer events, drag frames and document changes come faster than frames (and in bursts): sending
 * or drawing each one would flood the ephemeral channel, or the GPU, with states nobody sees. One
 * value per frame, always the newest.
 */
export function createFrameCoalescer<T>(scheduler: FrameScheduler, onFrame: (value: T) => void): FrameCoalescer<T> {
  let latest: { value: T } | null = null;
  let handle: number | null = null;
  return {
    push(value) {
      latest = { value };
      if (handle !== null) return;
      handle = scheduler.request(() => {
        handle = null;
        const next = latest;
        latest = null;
        if (next) onFrame(next.value);
      });
    },
    cancel() {
      latest = null;
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
    },
    pending: () => latest !== null,
  };
}
