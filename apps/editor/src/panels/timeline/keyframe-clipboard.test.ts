import type { Keyframe, KeyframeId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { copyKeyframes, pastedKeyframes } from './keyframe-clipboard';

const kf = (id: string, time: number, value: number): Keyframe => ({ id: id as KeyframeId, layerId: 'L0', property: 'x', time, value, easing: 'linear' });

describe('keyframe clipboard', () => {
  it('copies only the selected keyframes, as data', () => {
    const all = [kf('a', 100, 1), kf('b', 500, 2), kf('c', 900, 3)];
    const copied = copyKeyframes(all, ['c', 'a']);
    expect(copied.map((k) => k.id)).toEqual(['a', 'c']);
    (all[0] as { value: number }).value = 99;
    expect(copied[0]!.value).toBe(1);
  });

  it('pastes with the earliest at the playhead, spacing kept, new ids, nothing past the end', () => {
    let n = 0;
    const out = pastedKeyframes([kf('a', 100, 1), kf('c', 900, 3)], 2000, 2500, 7, () => `new${(n += 1)}`);
    expect(out.map((k) => [k.id, k.time, k.value])).toEqual([['new1', 2000, 1]]);
    const both = pastedKeyframes([kf('a', 100, 1), kf('c', 900, 3)], 1000, 3000, 7, () => 'x');
    expect(both.map((k) => k.time)).toEqual([1000, 1800]);
    expect(pastedKeyframes([], 0, 1000, 0)).toEqual([]);
  });
});
