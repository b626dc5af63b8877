// The server's wall clock as seen from this browser: a few GET /api/time round trips, the offset
// from the shortest (libs/timeline estimateClockOffset). Editors and projectors both add it to
// Date.now(), so a transport or a cue sent by one plays at the same instant on the others.
import { estimateClockOffset } from '@beamstage/timeline';
import type { ClockSample } from '@beamstage/timeline';

/** Round trips per estimate (the shortest wins). */
export const CLOCK_SAMPLES = 5;

/** The offset to add to Date.now() to read the server's clock; 0 when the server cannot be asked (offline). */
export async function measureServerClockOffset(apiOrigin: string, fetchFn: typeof fetch = (input, init) => fetch(input, init), now: () => number = () => Date.now()): Promise<number> {
  const samples: ClockSample[] = [];
  for (let i = 0; i < CLOCK_SAMPLES; i += 1) {
    const sentAtMs = now();
    try {
      const res = await fetchFn(`${apiOrigin}/api/time`, { cache: 'no-store' });
      if (!res.ok) continue;
      const body = (await res.json()) as { now?: unknown };
      if (typeof body.now === 'number') samples.push({ sentAtMs, receivedAtMs: now(), serverNowMs: body.now });
    } catch {
      // Offline (a venue machine playing from its cache): the local clock is all there is.
    }
  }
  return estimateClockOffset(samples).offsetMs;
}
