/** First reconnect delay; the n-th retry waits 2^n x this (spec section 9). */
export const RECONNECT_BASE_MS = 100;
/** Longest reconnect delay (spec section 9). */
export const RECONNECT_MAX_MS = 2500;
/** A connection attempt still not connected after this long shows the slow-connection warning. */
export const SLOW_CONNECTION_MS = 15_000;

/** Delay before reconnect attempt number `attempt` (0-based): 2^n x 100 ms, capped at 2500 ms. */
export function reconnectDelayMs(attempt: number): number {
  if (!(attempt >= 0)) return RECONNECT_BASE_MS;
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 30));
}
