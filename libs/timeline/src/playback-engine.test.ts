import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock';
import { createPlaybackEngine } from './playback-engine';
import { createEmptyTimelineData, type TimelineData } from './timeline-data';
import { createTimelineScene } from './timeline-scene';
import { createTransition } from './transition';
import { kf, recordingHooks } from './testing';

const FRAME_30 = 1000 / 30;

function setup(patch: Partial<TimelineData['settings']> = {}, data: Partial<TimelineData> = {}) {
  const clock = createManualClock();
  const rec = recordingHooks();
  const base = createEmptyTimelineData();
  const engine = createPlaybackEngine({ clock, hooks: rec.hooks, data: { ...base, ...data, settings: { ...base.settings, ...patch } } });
  return { clock, engine, ...rec };
}

describe('playback: play, pause, stop', () => {
  it('play disables autosave and stashes the state, once per play session', () => {
    const { engine, calls } = setup();
    engine.play();
    expect(engine.getState()).toBe('playing');
    expect(calls).toEqual(['disableAutosave', 'stashState']);
    engine.pause();
    expect(engine.getState()).toBe('paused');
    engine.play();
    expect(calls).toEqual(['disableAutosave', 'stashState']);
  });

  it('play starts from the play start when the time is outside the play region', () => {
    const { engine } = setup({ playStartTime: 2000, playEndTime: 5000 });
    engine.seek(500);
    engine.play();
    expect(engine.getTime()).toBe(2000);
    engine.stop();
    engine.seek(3000);
    engine.play();
    expect(engine.getTime()).toBe(3000);
    engine.stop();
    engine.seek(6000);
    engine.play();
    expect(engine.getTime()).toBe(2000);
  });

  it('each frame advances one frame duration (1000/fps x speed) of elapsed clock time', () => {
    const { engine, clock } = setup({ fps: 30, playbackSpeed: 2 });
    engine.play();
    clock.advance(FRAME_30 / 2);
    expect(engine.tick()).toBe(false);
    expect(engine.getTime()).toBe(0);
    clock.advance(FRAME_30 / 2);
    expect(engine.tick()).toBe(true);
    expect(engine.getTime()).toBeCloseTo(2 * FRAME_30, 9);
  });

  it('caps frame time at 2 frames after a stall', () => {
    const { engine, clock } = setup({ fps: 30 });
    engine.play();
    clock.advance(10_000);
    engine.tick();
    expect(engine.getTime()).toBeCloseTo(2 * FRAME_30, 9);
    // The stall is forgotten: the next normal frame advances by one frame.
    clock.advance(FRAME_30);
    engine.tick();
    expect(engine.getTime()).toBeCloseTo(3 * FRAME_30, 6);
  });

  it('pause holds the time and keeps autosave off', () => {
    const { engine, clock, calls } = setup();
    engine.play();
    clock.advance(100);
    engine.tick();
    const t = engine.getTime();
    engine.pause();
    clock.advance(1000);
    expect(engine.tick()).toBe(false);
    expect(engine.getTime()).toBe(t);
    expect(calls).not.toContain('enableAutosave');
  });

  it('stop resets to the play start, restores the stash, switches to Primary and re-enables autosave', () => {
    const { engine, clock, calls } = setup({ playStartTime: 1000 });
    engine.play();
    clock.advance(500);
    engine.tick();
    engine.stop();
    expect(engine.getState()).toBe('stopped');
    expect(engine.getTime()).toBe(1000);
    expect(calls).toEqual(['disableAutosave', 'stashState', 'restoreState', 'switchToPrimaryScene', 'enableAutosave']);
    engine.stop();
    expect(calls.filter((c) => c === 'restoreState')).toHaveLength(1);
  });

  it('reports every time change', () => {
    const { engine, clock, times } = setup();
    engine.play();
    clock.advance(FRAME_30);
    engine.tick();
    engine.seek(0);
    expect(times.length).toBe(2);
    expect(times[0]).toBeCloseTo(FRAME_30, 9);
    expect(times[1]).toBe(0);
  });
});

describe('playback: the end of the play region', () => {
  it('loops back to the play start when loop is on', () => {
    const { engine, clock } = setup({ playStartTime: 1000, playEndTime: 1100, loop: true, fps: 10 });
    engine.play();
    clock.advance(100);
    engine.tick();
    expect(engine.getTime()).toBe(1000);
    expect(engine.getState()).toBe('playing');
  });

  it('loops when autoLoop is on', () => {
    const { engine, clock } = setup({ playEndTime: 1000, autoLoop: true, fps: 10 });
    engine.seek(950);
    engine.play();
    clock.advance(100);
    engine.tick();
    expect(engine.getTime()).toBe(0);
    expect(engine.getState()).toBe('playing');
  });

  it('stops at the end when neither loop is on', () => {
    const { engine, clock, calls } = setup({ playStartTime: 200, playEndTime: 1000, fps: 10 });
    engine.seek(950);
    engine.play();
    clock.advance(100);
    engine.tick();
    expect(engine.getState()).toBe('stopped');
    expect(engine.getTime()).toBe(200);
    expect(calls).toContain('enableAutosave');
  });

  it('ends at the content end when it comes before the play end', () => {
    const { engine, clock } = setup({ fps: 10 }, { keyframes: [kf('l', 'x', 0, 0), kf('l', 'x', 500, 1)] });
    expect(engine.getPlaybackEnd()).toBe(500);
    engine.seek(450);
    engine.play();
    clock.advance(100);
    engine.tick();
    expect(engine.getState()).toBe('stopped');
  });
});

describe('playback: scenes', () => {
  const scenes = [
    createTimelineScene({ id: 'e1', sceneId: 'intro', startTime: 0, duration: 1000, created: 0 }),
    createTimelineScene({ id: 'e2', sceneId: 'drop', startTime: 1000, duration: 1000, created: 0 }),
  ];

  it('requests a scene load when the timeline reaches another scene, once per switch', () => {
    const { engine, clock, sceneLoads } = setup({ fps: 10 }, { timelineScenes: scenes });
    engine.play();
    expect(sceneLoads).toEqual(['intro']);
    for (let i = 0; i < 12; i++) {
      clock.advance(100);
      engine.tick();
    }
    expect(sceneLoads).toEqual(['intro', 'drop']);
  });

  it('defers a scene switch during an active transition until it ends', () => {
    const transition = createTransition({ id: 't', timestamp: 0, startTime: 900, duration: 300 });
    const { engine, clock, sceneLoads } = setup({ fps: 10 }, { timelineScenes: scenes, sceneTransitions: [transition] });
    engine.play();
    const seen: [number, string | undefined][] = [];
    for (let i = 0; i < 13; i++) {
      clock.advance(100);
      engine.tick();
      seen.push([Math.round(engine.getTime()), engine.getDeferredSceneId()]);
    }
    expect(seen.find(([t]) => t === 1100)?.[1]).toBe('drop');
    expect(sceneLoads).toEqual(['intro', 'drop']);
    // Loaded at 1200 ms, the first frame after the transition (900..1200) ended.
    expect(seen.find(([t]) => t === 1200)?.[1]).toBeUndefined();
  });

  it('a manual scene change stops playback and pauses timeline scene loading for 2 s', () => {
    const { engine, clock, sceneLoads, calls } = setup({ fps: 10 }, { timelineScenes: scenes });
    engine.play();
    engine.manualSceneChange();
    expect(engine.getState()).toBe('stopped');
    expect(calls).toContain('switchToPrimaryScene');
    expect(engine.isSceneLoadingPaused()).toBe(true);
    engine.play();
    expect(sceneLoads).toEqual(['intro']);
    clock.advance(1999);
    engine.tick();
    expect(sceneLoads).toEqual(['intro']);
    clock.advance(1);
    engine.tick();
    expect(engine.isSceneLoadingPaused()).toBe(false);
    expect(sceneLoads).toEqual(['intro', 'intro']);
  });
});

describe('timeline data changes', () => {
  it('emits changes debounced by 100 ms', () => {
    const { engine, clock, changes } = setup();
    engine.updateSettings({ fps: 24 });
    clock.advance(60);
    engine.updateSettings({ fps: 25 });
    clock.advance(99);
    expect(changes).toHaveLength(0);
    clock.advance(1);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.settings.fps).toBe(25);
  });

  it('clamps settings edits', () => {
    const { engine } = setup();
    engine.updateSettings({ fps: 500, playbackSpeed: 0, duration: 10 });
    expect(engine.getData().settings).toMatchObject({ fps: 60, playbackSpeed: 0.1, duration: 1000, playEndTime: 1000 });
  });

  it('sets the loading flag on load, emits no change for it, and clears the flag 100 ms later', () => {
    const { engine, clock, changes } = setup();
    const data = createEmptyTimelineData();
    data.settings.fps = 12;
    engine.loadData(data);
    expect(engine.isLoading()).toBe(true);
    engine.updateSettings({ fps: 13 });
    clock.advance(99);
    expect(engine.isLoading()).toBe(true);
    clock.advance(1);
    expect(engine.isLoading()).toBe(false);
    clock.advance(500);
    expect(changes).toHaveLength(0);
    engine.updateSettings({ fps: 14 });
    clock.advance(100);
    expect(changes).toHaveLength(1);
  });

  it('places an added scene entry after the one it would overlap', () => {
    const { engine } = setup();
    engine.addTimelineScene(createTimelineScene({ id: 'a', sceneId: 's', startTime: 0, created: 0 }));
    const placed = engine.addTimelineScene(createTimelineScene({ id: 'b', sceneId: 's', startTime: 500, created: 0 }));
    expect(placed.startTime).toBe(1000);
    expect(engine.getData().timelineScenes.map((e) => e.startTime)).toEqual([0, 1000]);
  });

  it('evaluates the current values at the current time', () => {
    const { engine } = setup({}, { keyframes: [kf('l', 'x', 0, 0), kf('l', 'x', 1000, 100)] });
    engine.seek(500);
    expect(engine.currentValues().get('l')?.get('x')).toBe(50);
  });

  it('sets the current time through settings while stopped, clamped to the content duration', () => {
    const { engine } = setup({}, { keyframes: [kf('l', 'x', 0, 0), kf('l', 'x', 1000, 100)] });
    engine.updateSettings({ currentTime: 400 });
    expect(engine.getTime()).toBe(400);
    engine.updateSettings({ currentTime: 5000 });
    expect(engine.getTime()).toBe(1000);
  });

  it('fills settings missing from loaded data with the defaults', () => {
    const { engine } = setup();
    engine.loadData({ ...createEmptyTimelineData(), settings: { fps: 12 } as TimelineData['settings'] });
    expect(engine.getData().settings).toMatchObject({ fps: 12, duration: 30000, playbackSpeed: 1, loop: false, playEndTime: 30000 });
  });

  it('dispose cancels pending timers', () => {
    const { engine, clock, changes } = setup();
    engine.updateSettings({ fps: 20 });
    engine.dispose();
    expect(clock.pendingTimers()).toBe(0);
    clock.advance(200);
    expect(changes).toHaveLength(0);
  });
});
