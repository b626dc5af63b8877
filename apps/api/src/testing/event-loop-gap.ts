/**
 * The longest gap between ticks of a 2 ms timer on this thread while `work` runs: how long the
 * event loop was held (tests that compare a path on this thread with the same work moved off it).
 */
export async function longestGap<T>(work: () => Promise<T>): Promise<{ longest: number; took: number; result: T }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  const started = performance.now();
  try {
    const result = await work();
    return { longest: Math.max(longest, performance.now() - last), took: performance.now() - started, result };
  } finally {
    clearInterval(timer);
  }
}
