// The server's wall clock in this editor (libs/stage measureServerClockOffset): transports and cues
// carry it, so projectors (which read the same clock) play them at the same instant.
import { measureServerClockOffset } from '@beamstage/stage';

let offsetMs = 0;
let measuring: Promise<void> | null = null;

/** Starts measuring the offset once (a few /api/time round trips); until then the local clock is used. */
export function syncServerClock(): Promise<void> {
  measuring ??= measureServerClockOffset(window.location.origin).then((o) => void (offsetMs = o));
  return measuring;
}

/** The server's wall clock now, as well as this browser knows it. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
