/** Timers fired by hand, for tests of the pure pieces that take setTimer and clearTimer. */
export function manualTimers() {
  const due = new Map<number, () => void>();
  let next = 1;
  return {
    setTimer: (fn: () => void) => (due.set(next, fn), next++),
    clearTimer: (h: unknown) => void due.delete(h as number),
    /** Fires every timer due now (not those they set). */
    fire: () => {
      const fns = [...due.values()];
      due.clear();
      fns.forEach((fn) => fn());
    },
    pending: () => due.size,
  };
}
