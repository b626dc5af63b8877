/**
 * The player's clock over the project's timeline: play, pause, loop or stop at the end. Pure, with
 * an injected `now` (milliseconds, monotonic), so the timing is tested without a browser.
 */
export interface Playback {
  play(): void;
  pause(): void;
  readonly playing: boolean;
  /** The timeline time now, in ms: wraps when looping, holds at the end (and pauses) otherwise. */
  timeMs(): number;
  setDuration(durationMs: number): void;
  setLoop(loop: boolean): void;
}

export function createPlayback(options: { durationMs: number; loop: boolean; now: () => number }): Playback {
  let duration = Math.max(1, options.durationMs);
  let loop = options.loop;
  let playing = false;
  // While playing, time = now - startedAt; while paused, time = heldAt.
  let startedAt = 0;
  let heldAt = 0;
  const raw = () => (playing ? options.now() - startedAt : heldAt);
  const timeMs = () => {
    const t = raw();
    if (t < duration) return t;
    if (loop) return t % duration;
    playing = false;
    heldAt = duration;
    return duration;
  };
  return {
    play() {
      if (playing) return;
      // Playing again from the end starts over.
      const from = heldAt >= duration ? 0 : heldAt;
      startedAt = options.now() - from;
      playing = true;
    },
    pause() {
      if (!playing) return;
      heldAt = timeMs();
      playing = false;
    },
    get playing() {
      if (playing) timeMs(); // reaching the end without loop pauses
      return playing;
    },
    timeMs,
    setDuration(ms) {
      const t = timeMs();
      duration = Math.max(1, ms);
      if (playing) startedAt = options.now() - Math.min(t, duration);
      else heldAt = Math.min(heldAt, duration);
    },
    setLoop(next) {
      loop = next;
    },
  };
}
