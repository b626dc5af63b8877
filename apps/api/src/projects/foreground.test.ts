import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createForeground } from './foreground';

describe('createForeground', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate'] }));
  afterEach(() => vi.useRealTimers());

  /** Starts `quiet` and reports whether it has resolved after `ms` of timer time. */
  const quietAfter = async (quiet: Promise<void>, ms: number) => {
    let done = false;
    void quiet.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(ms);
    return done;
  };

  it('is quiet at once when no request is being served', async () => {
    const fg = createForeground();
    expect(await quietAfter(fg.quiet(), 1)).toBe(true);
  });

  it('waits while a request is served and goes on as soon as it ends', async () => {
    const fg = createForeground();
    const end = fg.begin();
    const quiet = fg.quiet(1_000);
    expect(await quietAfter(quiet, 50)).toBe(false);
    end();
    end(); // a second end (response closed after finishing) counts once
    expect(fg.running()).toBe(0);
    expect(await quietAfter(quiet, 0)).toBe(true);
  });

  it('is never starved: goes on after the longest wait while requests keep coming', async () => {
    const fg = createForeground();
    fg.begin();
    const quiet = fg.quiet(300);
    expect(await quietAfter(quiet, 299)).toBe(false);
    expect(await quietAfter(quiet, 2)).toBe(true);
    expect(fg.running()).toBe(1);
    expect(fg.gaveUp()).toBe(1);
  });

  it('does not count a request while it waits on background work (park), and counts it again after', async () => {
    const fg = createForeground();
    const end = fg.begin();
    let release!: () => void;
    const background = new Promise<void>((r) => (release = r));
    const parked = fg.within(end, () => fg.park(() => background));
    expect(fg.running()).toBe(0);
    expect(await quietAfter(fg.quiet(), 1)).toBe(true);
    release();
    await parked;
    expect(fg.running()).toBe(1);
    end();
    expect(fg.running()).toBe(0);
  });

  it('serving: true only inside a request still counted', async () => {
    const fg = createForeground();
    expect(fg.serving()).toBe(false);
    const end = fg.begin();
    expect(fg.within(end, () => fg.serving())).toBe(true);
    let inPark: boolean | null = null;
    await fg.within(end, () => fg.park(async () => (inPark = fg.serving())));
    expect(inPark).toBe(false);
    expect(fg.within(end, () => fg.serving())).toBe(true);
    fg.within(end, () => fg.demote());
    expect(fg.within(end, () => fg.serving())).toBe(false);
  });

  it('a request that ends while parked is not counted again', async () => {
    const fg = createForeground();
    const end = fg.begin();
    let release!: () => void;
    const parked = fg.within(end, () => fg.park(() => new Promise<void>((r) => (release = r))));
    end();
    release();
    await parked;
    expect(fg.running()).toBe(0);
  });

  it('park and demote outside any request change nothing', async () => {
    const fg = createForeground();
    fg.begin();
    fg.demote();
    await fg.park(async () => expect(fg.running()).toBe(1));
    expect(fg.running()).toBe(1);
  });

  it('a request that turns out heavy (demote) is no longer counted, and its end does not count twice', async () => {
    const fg = createForeground();
    const heavy = fg.begin();
    const light = fg.begin();
    // The context follows the request's own async work.
    await fg.within(heavy, async () => {
      await Promise.resolve();
      fg.demote();
      await fg.park(async () => undefined);
    });
    expect(fg.running()).toBe(1);
    heavy();
    expect(fg.running()).toBe(1);
    light();
    expect(fg.running()).toBe(0);
  });
});
