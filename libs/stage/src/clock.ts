/** Time and timers, injected so the pure stage modules are tested deterministically. */
export interface StageClock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}
