// Clock offset to a server from request round trips (NTP's idea in one line per sample): the
// server's clock read in the middle of the trip. The sample with the shortest trip is the most
// accurate (its midpoint error is at most half its round trip).

/** One round trip: local wall-clock ms when the request left and when the answer came, and the server's clock in it. */
export interface ClockSample {
  sentAtMs: number;
  receivedAtMs: number;
  serverNowMs: number;
}

/** Milliseconds to add to the local clock to read the server's; 0 without a usable sample or when within the error. */
export function estimateClockOffset(samples: readonly ClockSample[]): { offsetMs: number; roundTripMs: number } {
  let best: ClockSample | null = null;
  for (const s of samples) {
    if (![s.sentAtMs, s.receivedAtMs, s.serverNowMs].every(Number.isFinite) || s.receivedAtMs < s.sentAtMs) continue;
    if (!best || s.receivedAtMs - s.sentAtMs < best.receivedAtMs - best.sentAtMs) best = s;
  }
  if (!best) return { offsetMs: 0, roundTripMs: Infinity };
  const roundTripMs = best.receivedAtMs - best.sentAtMs;
  const offsetMs = best.serverNowMs - (best.sentAtMs + best.receivedAtMs) / 2;
  // The estimate is good to half the round trip: an offset inside that may well be none (one machine).
  return { offsetMs: Math.abs(offsetMs) <= roundTripMs / 2 ? 0 : offsetMs, roundTripMs };
}
