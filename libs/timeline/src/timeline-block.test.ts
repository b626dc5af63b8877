import { describe, expect, it } from 'vitest';
import { createEmptyTimelineData } from './timeline-data';
import { timelineBlockFromData, timelineDataFromBlock } from './timeline-block';
import { kf } from './testing';

describe('timeline block conversion', () => {
  it('round-trips the project block', () => {
    const data = createEmptyTimelineData();
    data.settings = { ...data.settings, fps: 24, loop: true, playStartTime: 100, playEndTime: 2000, currentTime: 50 };
    data.keyframes = [kf('l', 'x', 0, 1)];
    const block = timelineBlockFromData(data);
    expect(block).not.toHaveProperty('zoomLevel');
    expect(timelineDataFromBlock(block)).toEqual(data);
  });

  it('fills a partial block with the defaults, play end defaulting to the duration', () => {
    const data = timelineDataFromBlock({ duration: 8000, fps: '30' as unknown as number }, { zoomLevel: 2 });
    expect(data.settings).toMatchObject({ duration: 8000, playEndTime: 8000, fps: 30, zoomLevel: 2, loop: false });
    expect(data.keyframes).toEqual([]);
  });
});
