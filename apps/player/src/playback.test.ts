import { describe, expect, it } from 'vitest';
import { createPlayback } from './playback';

const clock = () => {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

describe('createPlayback', () => {
  it('holds at 0 until played, then runs with the clock and holds where paused', () => {
    const c = clock();
    const p = createPlayback({ durationMs: 5000, loop: false, now: c.now });
    c.advance(300);
    expect(p.timeMs()).toBe(0);
    expect(p.playing).toBe(false);
    p.play();
    c.advance(1200);
    expect(p.timeMs()).toBe(1200);
    p.pause();
    c.advance(2000);
    expect(p.timeMs()).toBe(1200);
    p.play();
    c.advance(100);
    expect(p.timeMs()).toBe(1300);
  });

  it('without loop stops at the end and pauses; playing again starts over', () => {
    const c = clock();
    const p = createPlayback({ durationMs: 1000, loop: false, now: c.now });
    p.play();
    c.advance(1500);
    expect(p.timeMs()).toBe(1000);
    expect(p.playing).toBe(false);
    p.play();
    c.advance(250);
    expect(p.timeMs()).toBe(250);
  });

  it('with loop wraps around the duration, and loop can be turned off while playing', () => {
    const c = clock();
    const p = createPlayback({ durationMs: 1000, loop: true, now: c.now });
    p.play();
    c.advance(2300);
    expect(p.timeMs()).toBe(300);
    expect(p.playing).toBe(true);
    p.setLoop(false);
    expect(p.timeMs()).toBe(1000);
    expect(p.playing).toBe(false);
  });

  it('a live edit that shortens the timeline past the playhead ends it there; lengthening lets it go on', () => {
    const c = clock();
    const p = createPlayback({ durationMs: 10_000, loop: false, now: c.now });
    p.play();
    c.advance(4000);
    p.setDuration(3000);
    expect(p.timeMs()).toBe(3000);
    expect(p.playing).toBe(false);
    p.setDuration(8000);
    p.play();
    c.advance(500);
    expect(p.timeMs()).toBe(3500);
  });
});
