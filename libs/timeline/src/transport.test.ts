import { describe, expect, it } from 'vitest';
import { readTransport, transportTimeAt } from './transport';

const bounds = { playStartTime: 0, playEnd: 3000, loop: false, fps: 30 };

describe('transportTimeAt', () => {
  it('holds the time while stopped', () => {
    expect(transportTimeAt({ playing: false, startedAtWallMs: 0, timeAtStart: 1234, speed: 1 }, bounds, 99_999)).toEqual({ time: 1234, ended: false });
  });

  it('advances in whole frames from the start instant, times the speed', () => {
    const tr = { playing: true, startedAtWallMs: 10_000, timeAtStart: 500, speed: 2 };
    // 100 ms = 3 whole frames at 30 fps, each 33.3 ms x 2.
    expect(transportTimeAt(tr, bounds, 10_100).time).toBeCloseTo(500 + 3 * (1000 / 30) * 2, 6);
  });

  it('stops at the end, or wraps to the play start when looping', () => {
    const tr = { playing: true, startedAtWallMs: 0, timeAtStart: 2000, speed: 1 };
    expect(transportTimeAt(tr, bounds, 5000)).toEqual({ time: 3000, ended: true });
    const looped = transportTimeAt(tr, { ...bounds, loop: true, playStartTime: 1000 }, 1500);
    expect(looped.ended).toBe(false);
    expect(looped.time).toBeCloseTo(1000 + (2000 + 1500 - 3000), 0);
  });

  it('reads only well-formed transports; speed clamped', () => {
    expect(readTransport({ playing: 'yes' })).toBeNull();
    expect(readTransport(null)).toBeNull();
    expect(readTransport({ playing: true, startedAtWallMs: 1, timeAtStart: -5, speed: 50 })).toEqual({
      playing: true,
      startedAtWallMs: 1,
      timeAtStart: 0,
      speed: 10,
    });
  });
});

describe('readTransportMessage', () => {
  it("reads the editor's message and ignores others", async () => {
    const { TRANSPORT_MESSAGE, readTransportMessage } = await import('./transport');
    expect(readTransportMessage({ type: 'drag' })).toBeNull();
    const m = readTransportMessage({
      type: TRANSPORT_MESSAGE,
      transport: { playing: true, startedAtWallMs: 5, timeAtStart: 0, speed: 1 },
      timeline: { playStartTime: 0, playEndTime: 3000, loop: true, fps: 30, bogus: 1 },
    });
    expect(m).toEqual({
      transport: { playing: true, startedAtWallMs: 5, timeAtStart: 0, speed: 1 },
      bounds: { playStartTime: 0, playEnd: 3000, loop: true, fps: 30 },
      stopped: false,
    });
  });
});
