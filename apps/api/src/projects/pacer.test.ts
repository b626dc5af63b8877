import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPacer, PACE_FROM_MS, PACE_MAX_PAUSE_MS } from './pacer';

describe('createPacer', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate'] });
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  /** Calls breathe after `worked` ms of the write; resolves with how long (timer time) the pause took. */
  const pauseAfter = async (pacer: ReturnType<typeof createPacer>, worked: number): Promise<number> => {
    clock += worked;
    let done = false;
    const pending = pacer.breathe().then(() => (done = true));
    let waited = 0;
    await vi.advanceTimersByTimeAsync(0);
    while (!done) {
      await vi.advanceTimersByTimeAsync(1);
      waited++;
    }
    await pending;
    return waited;
  };

  it('a heavy write pauses as long as its step took, up to the cap', async () => {
    const pacer = createPacer(() => clock);
    pacer.markHeavy();
    expect(await pauseAfter(pacer, 40)).toBe(40);
    expect(await pauseAfter(pacer, 5 * PACE_MAX_PAUSE_MS)).toBe(PACE_MAX_PAUSE_MS);
  });

  it('a heavy write whose step was short, and a light write, only let the event loop turn', async () => {
    const heavy = createPacer(() => clock);
    heavy.markHeavy();
    expect(await pauseAfter(heavy, PACE_FROM_MS - 1)).toBe(0);
    const light = createPacer(() => clock);
    expect(await pauseAfter(light, 200)).toBe(0);
  });

  it('measures each step from the end of the last pause', async () => {
    const pacer = createPacer(() => clock);
    expect(await pauseAfter(pacer, 300)).toBe(0);
    pacer.markHeavy();
    // The light part before it is not counted again: 300 ms passed before the last call.
    expect(await pauseAfter(pacer, 20)).toBe(20);
  });
});
