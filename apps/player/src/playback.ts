import { transportTimeAt } from '@beamstage/timeline';
import type { TransportBounds, TransportState } from '@beamstage/timeline';

/**
 * The player's clock over the project's play region: play, pause, loop or stop at the end. The time
 * is libs/timeline's transportTimeAt, as the projector computes it from an editor's transport (whole
 * frames at the timeline's fps; a loop restarts at the play start). Pure, with an injected `now`
 * (milliseconds, monotonic), so the timing is tested without a browser.
 */
export interface Playback {
  play(): void;
  pause(): void;
  readonly playing: boolean;
  /** The timeline time now, in ms: wraps when looping, holds at the end (and pauses) otherwise. */
  timeMs(): number;
  /** A new play region (a live edit); the playhead stays where it is, or at the new end. */
  setBounds(bounds: TransportBounds): void;
}

export function createPlayback(options: { bounds: TransportBounds; now: () => number }): Playback {
  let bounds = options.bounds;
  const held = (time: number): TransportState => ({ playing: false, startedAtWallMs: 0, timeAtStart: time, speed: 1 });
  let transport = held(bounds.playStartTime);
  const end = () => Math.max(bounds.playStartTime, bounds.playEnd);
  const timeMs = () => {
    const { time, ended } = transportTimeAt(transport, bounds, options.now());
    // The end without loop pauses there.
    if (ended) transport = held(time);
    return time;
  };
  return {
    play() {
      if (transport.playing) return;
      const t = timeMs();
      // Playing again from the end (or from outside the region) starts over at the play start.
      const from = t >= end() || t < bounds.playStartTime ? bounds.playStartTime : t;
      transport = { playing: true, startedAtWallMs: options.now(), timeAtStart: from, speed: 1 };
    },
    pause() {
      if (transport.playing) transport = held(timeMs());
    },
    get playing() {
      timeMs(); // reaching the end without loop pauses
      return transport.playing;
    },
    timeMs,
    setBounds(next) {
      const t = timeMs();
      bounds = next;
      const at = Math.min(t, end());
      transport = transport.playing ? { ...transport, startedAtWallMs: options.now(), timeAtStart: at } : held(at);
    },
  };
}
