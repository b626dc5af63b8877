import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createForeground } from './foreground';
import { createPacer, PACE_FROM_MS, PACE_MAX_PAUSE_MS } from './pacer';

describe('createPacer', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate'] });
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
    const pacer = createPacer(undefined, () => clock);
    pacer.markHeavy();
    expect(await pauseAfter(pacer, 40)).toBe(40);
    expect(await pauseAfter(pacer, 5 * PACE_MAX_PAUSE_MS)).toBe(PACE_MAX_PAUSE_MS);
  });

  it('a heavy write whose step was short, and a light write, only let the event loop turn', async () => {
    const heavy = createPacer(undefined, () => clock);
    heavy.markHeavy();
    expect(await pauseAfter(heavy, PACE_FROM_MS - 1)).toBe(0);
    const light = createPacer(undefined, () => clock);
    expect(await pauseAfter(light, 200)).toBe(0);
  });

  it('measures each step from the end of the last pause', async () => {
    const pacer = createPacer(undefined, () => clock);
    expect(await pauseAfter(pacer, 300)).toBe(0);
    pacer.markHeavy();
    // The light part before it is not counted again: 300 ms passed before the last call.
    expect(await pauseAfter(pacer, 20)).toBe(20);
  });

  it('a heavy write waits, after its pause, until no light request is being served; a light write does not', async () => {
    const foreground = createForeground();
    const end = foreground.begin();
    const heavy = createPacer(foreground, () => clock);
    heavy.markHeavy();
    let stepped = false;
    const step = heavy.breathe().then(() => (stepped = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(stepped).toBe(false);
    const light = createPacer(foreground, () => clock);
    let lightDone = false;
    void light.breathe().then(() => (lightDone = true));
    await vi.advanceTimersByTimeAsync(1);
    expect(lightDone).toBe(true);
    expect(stepped).toBe(false);
    end();
    await vi.advanceTimersByTimeAsync(1);
    await step;
    expect(stepped).toBe(true);
  });

  it("before a heavy write's statement: waits while a light request is served, with no pause; a light write never waits", async () => {
    const foreground = createForeground();
    const heavy = createPacer(foreground, () => clock);
    heavy.markHeavy();
    clock += 80;
    // Nobody served: at once, however long the write worked (no pause as breathe takes).
    let first = false;
    void heavy.beforeStatement().then(() => (first = true));
    await vi.advanceTimersByTimeAsync(1);
    expect(first).toBe(true);
    const end = foreground.begin();
    let second = false;
    void heavy.beforeStatement().then(() => (second = true));
    let light = false;
    void createPacer(foreground, () => clock)
      .beforeStatement()
      .then(() => (light = true));
    await vi.advanceTimersByTimeAsync(50);
    expect(second).toBe(false);
    expect(light).toBe(true);
    end();
    await vi.advanceTimersByTimeAsync(1);
    expect(second).toBe(true);
  });

  it('a write that turns out heavy stops counting as the light request it came in as', async () => {
    const foreground = createForeground();
    const end = foreground.begin();
    const pacer = createPacer(foreground, () => clock);
    foreground.within(end, () => pacer.markHeavy());
    expect(foreground.running()).toBe(0);
    // So it never waits for itself: a turn or two of the event loop, not FOREGROUND_MAX_WAIT_MS.
    expect(await pauseAfter(pacer, 0)).toBeLessThanOrEqual(2);
  });
});
