import { describe, expect, it } from 'vitest';
import { estimateClockOffset } from './clock-offset';

describe('clock offset from round trips', () => {
  it('reads the server clock at the middle of the shortest trip', () => {
    // The server runs 500 ms ahead; the second trip is the shortest (20 ms, symmetric).
    const samples = [
      { sentAtMs: 1000, receivedAtMs: 1300, serverNowMs: 1500 + 250 },
      { sentAtMs: 2000, receivedAtMs: 2020, serverNowMs: 2510 },
      { sentAtMs: 3000, receivedAtMs: 3100, serverNowMs: 3590 },
    ];
    expect(estimateClockOffset(samples)).toEqual({ offsetMs: 500, roundTripMs: 20 });
  });

  it('an offset within half the round trip is no offset (it may be the error alone)', () => {
    expect(estimateClockOffset([{ sentAtMs: 1000, receivedAtMs: 1100, serverNowMs: 1080 }])).toEqual({ offsetMs: 0, roundTripMs: 100 });
  });

  it('ignores broken samples and falls back to no offset', () => {
    expect(estimateClockOffset([])).toEqual({ offsetMs: 0, roundTripMs: Infinity });
    expect(
      estimateClockOffset([
        { sentAtMs: 5, receivedAtMs: 1, serverNowMs: 9 },
        { sentAtMs: NaN, receivedAtMs: 1, serverNowMs: 1 },
      ]).offsetMs,
    ).toBe(0);
  });
});
