import { describe, expect, it } from 'vitest';
import { SceneSchedule } from './scene-schedule';
import { createTimelineScene } from './timeline-scene';

const entry = (id: string, startTime: number, duration: number) => createTimelineScene({ id, sceneId: `scene-${id}`, startTime, duration, created: 0 });

describe('scene schedule', () => {
  it('finds the entry on at a time, and none in gaps or outside', () => {
    const s = new SceneSchedule([entry('c', 3000, 1000), entry('a', 0, 1000), entry('b', 1000, 1000)]);
    expect(s.entryAt(-1)).toBeUndefined();
    expect(s.entryAt(0)?.id).toBe('a');
    expect(s.entryAt(999)?.id).toBe('a');
    expect(s.entryAt(1000)?.id).toBe('b');
    expect(s.entryAt(2500)).toBeUndefined();
    expect(s.entryAt(3500)?.id).toBe('c');
    expect(s.entryAt(500)?.id).toBe('a');
    expect(s.entryAt(4000)).toBeUndefined();
  });

  it('still finds a covering entry in overlapping stored data', () => {
    const s = new SceneSchedule([entry('long', 0, 5000), entry('short', 1000, 500)]);
    expect(s.entryAt(1200)?.id).toBe('short');
    expect(s.entryAt(2000)?.id).toBe('long');
  });
});
