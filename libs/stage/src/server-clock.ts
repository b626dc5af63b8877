// The server's wall clock as seen from this browser: a few GET /api/time round trips, the offset
// from the shortest (libs/timeline estimateClockOffset). Editors and projectors both add it to
// Date.now(), so a transport or a cue sent by one plays at the same instant on the others.
import { estimateClockOffset } from '@beamstage/timeline';
import type { ClockSample } from '@beamstage/timeline';

/** Round trips per estimate (the shortest wins). */
export const CLOCK_SAMPLES = 5;

/** Network timing of a request, when the browser has it: wall-clock ms when it was sent and when the answer began. */
export type RequestTiming = (url: string) => { sentAtMs: number; receivedAtMs: number } | null;

/**
 * The browser's own record of a request (Resource Timing): unlike stamps taken in script, it does
 * not stretch when the page's main thread is busy (an editor loading), which would skew the midpoint.
 */
export function resourceTiming(url: string): { sentAtMs: number; receivedAtMs: number } | null {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return null;
  const entry = performance.getEntriesByName(url).at(-1) as PerformanceResourceTiming | undefined;
  if (!entry || !(entry.requestStart > 0) || !(entry.responseStart >= entry.requestStart)) return null;
  return { sentAtMs: performance.timeOrigin + entry.requestStart, receivedAtMs: performance.timeOrigin + entry.responseStart };
}

/** The offset to add to Date.now() to read the server's clock; 0 when the server cannot be asked (offline). */
export async function measureServerClockOffset(
  apiOrigin: string,
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
  now: () => number = () => Date.now(),
  timing: RequestTiming = resourceTiming,
): Promise<number> {
  const samples: ClockSample[] = [];
  for (let i = 0; i < CLOCK_SAMPLES; i += 1) {
    const url = `${apiOrigin}/api/time?sample=${now()}-${i}`;
    const sentAtMs = now();
    try {
      const res = await fetchFn(url, { cache: 'no-store' });
      const receivedAtMs = now();
      if (!res.ok) continue;
      const body = (await res.json()) as { now?: unknown };
      if (typeof body.now !== 'number') continue;
      const exact = timing(new URL(url, typeof location === 'undefined' ? 'http://localhost' : location.href).href);
      samples.push({ ...(exact ?? { sentAtMs, receivedAtMs }), serverNowMs: body.now });
    } catch {
      // Offline (a venue machine playing from its cache): the local clock is all there is.
    }
  }
  return estimateClockOffset(samples).offsetMs;
}
