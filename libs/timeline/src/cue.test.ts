import { describe, expect, it } from 'vitest';
import { CUE_MESSAGE, cueActive, cueProgress, readCueMessage } from './cue';

describe('cue', () => {
  it('progress follows the easing on the wall clock and reaches 1 at the end', () => {
    const cue = { toSceneId: 's', startedAtWallMs: 1000, durationMs: 1000, easing: 'linear' };
    expect(cueProgress(cue, 900)).toBe(0);
    expect(cueProgress(cue, 1250)).toBeCloseTo(0.25, 9);
    expect(cueProgress(cue, 2000)).toBe(1);
    expect(cueActive(cue, 1999)).toBe(true);
    expect(cueActive(cue, 2000)).toBe(false);
    expect(cueProgress({ ...cue, easing: 'ease-in' }, 1500)).toBeLessThan(0.5);
  });

  it('reads only well-formed cue messages, durations kept within a minute', () => {
    expect(readCueMessage({ type: CUE_MESSAGE, toSceneId: 's', startedAtWallMs: 1, durationMs: 1e9, easing: 'linear' })).toEqual({
      toSceneId: 's',
      startedAtWallMs: 1,
      durationMs: 60_000,
      easing: 'linear',
    });
    expect(readCueMessage({ type: CUE_MESSAGE, toSceneId: 's', startedAtWallMs: 'x', durationMs: 1 })).toBeNull();
    expect(readCueMessage({ type: 'other', toSceneId: 's', startedAtWallMs: 1, durationMs: 1 })).toBeNull();
    expect(readCueMessage(null)).toBeNull();
  });
});
