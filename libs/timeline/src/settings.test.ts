import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampCurrentTime,
  clampDuration,
  clampFps,
  clampPlayEnd,
  clampPlayStart,
  clampPlaybackSpeed,
  clampScrollPosition,
  clampTimelineSettings,
  clampZoomLevel,
  createDefaultTimelineSettings,
  type TimelineSettings,
} from './settings';

const FUZZ_RUNS = Number(process.env['FUZZ_RUNS'] ?? 200);

describe('timeline settings', () => {
  it('defaults to 30000 ms, 30 fps, speed 1, loop off, play region the whole duration', () => {
    expect(createDefaultTimelineSettings()).toEqual({
      duration: 30000,
      fps: 30,
      currentTime: 0,
      playbackSpeed: 1,
      loop: false,
      playStartTime: 0,
      playEndTime: 30000,
      autoplay: false,
      autoLoop: false,
      zoomLevel: 1,
      scrollPosition: 0,
    });
  });

  it('returns a fresh object each time', () => {
    const a = createDefaultTimelineSettings();
    a.fps = 5;
    expect(createDefaultTimelineSettings().fps).toBe(30);
  });

  it('clamps duration to at least 1000 ms', () => {
    expect(clampDuration(10)).toBe(1000);
    expect(clampDuration(5000)).toBe(5000);
  });

  it('clamps fps to 1..60', () => {
    expect(clampFps(0)).toBe(1);
    expect(clampFps(120)).toBe(60);
    expect(clampFps(24)).toBe(24);
  });

  it('clamps speed and zoom to 0.1..10', () => {
    expect(clampPlaybackSpeed(0)).toBe(0.1);
    expect(clampPlaybackSpeed(11)).toBe(10);
    expect(clampZoomLevel(0.01)).toBe(0.1);
    expect(clampZoomLevel(50)).toBe(10);
    expect(clampZoomLevel(2)).toBe(2);
  });

  it('clamps scroll position to at least 0', () => {
    expect(clampScrollPosition(-4)).toBe(0);
    expect(clampScrollPosition(40)).toBe(40);
  });

  it('clamps play start into [0, play end] and play end into [play start, duration]', () => {
    expect(clampPlayStart(-5, 1000)).toBe(0);
    expect(clampPlayStart(2000, 1000)).toBe(1000);
    expect(clampPlayEnd(500, 1000, 30000)).toBe(1000);
    expect(clampPlayEnd(40000, 1000, 30000)).toBe(30000);
  });

  it('clamps current time into [0, content duration]', () => {
    expect(clampCurrentTime(-1, 5000)).toBe(0);
    expect(clampCurrentTime(6000, 5000)).toBe(5000);
  });

  it('turns NaN into the lower bound', () => {
    expect(clampFps(Number.NaN)).toBe(1);
  });

  it('clamps every setting together', () => {
    const s = clampTimelineSettings({
      ...createDefaultTimelineSettings(),
      duration: 500,
      fps: 90,
      playStartTime: 3000,
      playEndTime: 2000,
      currentTime: 99999,
      playbackSpeed: 0,
      zoomLevel: 99,
      scrollPosition: -3,
    });
    expect(s).toMatchObject({
      duration: 1000,
      fps: 60,
      playEndTime: 1000,
      playStartTime: 1000,
      currentTime: 1000,
      playbackSpeed: 0.1,
      zoomLevel: 10,
      scrollPosition: 0,
    });
  });

  it('clamping is idempotent and always satisfies every rule (property)', () => {
    const num = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    const settings = fc.record<TimelineSettings>({
      duration: num,
      fps: num,
      currentTime: num,
      playbackSpeed: num,
      loop: fc.boolean(),
      playStartTime: num,
      playEndTime: num,
      autoplay: fc.boolean(),
      autoLoop: fc.boolean(),
      zoomLevel: num,
      scrollPosition: num,
    });
    fc.assert(
      fc.property(settings, fc.option(fc.double({ min: 0, max: 1e6, noNaN: true }), { nil: undefined }), (raw, content) => {
        const once = clampTimelineSettings(raw, content);
        expect(clampTimelineSettings(once, content)).toEqual(once);
        expect(once.duration).toBeGreaterThanOrEqual(1000);
        expect(once.playStartTime).toBeGreaterThanOrEqual(0);
        expect(once.playStartTime).toBeLessThanOrEqual(once.playEndTime);
        expect(once.playEndTime).toBeLessThanOrEqual(once.duration);
        expect(once.fps).toBeGreaterThanOrEqual(1);
        expect(once.fps).toBeLessThanOrEqual(60);
        expect(once.currentTime).toBeGreaterThanOrEqual(0);
        expect(once.currentTime).toBeLessThanOrEqual(Math.min(once.duration, content ?? once.duration));
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});
