// Drawings that share one offscreen stage take turns: a scene's show() during a project's drawing
// (which waits for its images) would be drawn into the project's picture. Each turn is bounded, so
// one drawing that never settles (a download that hangs, a GPU that never answers) cannot hold every
// later one. Pure: the timers come in.

export interface DrawingTurnsOptions {
  /** Longest turn; past it the drawing counts as given up and the next one starts. */
  timeoutMs: number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export interface DrawingTurns {
  /** Runs `draw` once the drawings before it are done; answers `late()` if it outlasts its turn. */
  run<T>(draw: () => Promise<T>, late: () => T): Promise<T>;
}

export function createDrawingTurns(options: DrawingTurnsOptions): DrawingTurns {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(draw: () => Promise<T>, late: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const handle = options.setTimer(() => resolve(late()), options.timeoutMs);
      draw().then(
        (value) => (options.clearTimer(handle), resolve(value)),
        (error: unknown) => (options.clearTimer(handle), reject(error)),
      );
    });
  return {
    run(draw, late) {
      const mine = last.then(() => inTurn(draw, late));
      // The next turn waits for this one to end, however it ends.
      last = mine.catch(() => undefined);
      return mine;
    },
  };
}
