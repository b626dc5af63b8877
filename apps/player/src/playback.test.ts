import { describe, expect, it } from 'vitest';
import { createPlayback } from './playback';

const clock = () => {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};
// 40 fps: a frame is exactly 25 ms, so whole-frame times are exact numbers.
const region = (playStartTime: number, playEnd: number, loop: boolean) => ({ playStartTime, playEnd, loop, fps: 40 });

describe('createPlayback', () => {
  it('holds at the play start until played, then runs with the clock and holds where paused', () => {
    const c = clock();
    const p = createPlayback({ bounds: region(0, 5000, false), now: c.now });
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

  it('advances in whole frames of the timeline fps, like the projector following a transport', () => {
    const c = clock();
    const p = createPlayback({ bounds: region(0, 5000, false), now: c.now });
    p.play();
    c.advance(37);
    expect(p.timeMs()).toBe(25);
    c.advance(13);
    expect(p.timeMs()).toBe(50);
  });

  it('starts at the play start and, without loop, stops at the play end and pauses; playing again starts over', () => {
    const c = clock();
    const p = createPlayback({ bounds: region(500, 1000, false), now: c.now });
    expect(p.timeMs()).toBe(500);
    p.play();
    c.advance(800);
    expect(p.timeMs()).toBe(1000);
    expect(p.playing).toBe(false);
    p.play();
    c.advance(250);
    expect(p.timeMs()).toBe(750);
  });

  it('with loop wraps to the play start, and loop can be turned off while playing', () => {
    const c = clock();
    const p = createPlayback({ bounds: region(0, 1000, true), now: c.now });
    p.play();
    c.advance(2300);
    expect(p.timeMs()).toBe(300);
    expect(p.playing).toBe(true);
    p.setBounds(region(0, 1000, false));
    c.advance(800);
    expect(p.timeMs()).toBe(1000);
    expect(p.playing).toBe(false);
  });

  it('a live edit that shortens the region past the playhead ends it there; lengthening lets it go on', () => {
    const c = clock();
    const p = createPlayback({ bounds: region(0, 10_000, false), now: c.now });
    p.play();
    c.advance(4000);
    p.setBounds(region(0, 3000, false));
    expect(p.timeMs()).toBe(3000);
    expect(p.playing).toBe(false);
    p.setBounds(region(0, 8000, false));
    expect(p.timeMs()).toBe(3000);
    p.play();
    c.advance(500);
    expect(p.timeMs()).toBe(3500);
  });
});
