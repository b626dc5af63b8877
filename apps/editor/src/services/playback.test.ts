import { buildProjectJson } from '@beamstage/layers/testing';
import type { KeyframeId, ProjectJson } from '@beamstage/layers';
import { createManualClock } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../state/editor-store';
import { createPlayback } from './playback';
import { createShownProject } from './shown-project';

function setup() {
  const project: ProjectJson = buildProjectJson(['image']);
  project.timeline.duration = 3000;
  project.timeline.playEndTime = 3000;
  project.timeline.keyframes = [
    { id: 'a' as KeyframeId, layerId: 'L0', property: 'x', time: 0, value: 0, easing: 'linear' },
    { id: 'b' as KeyframeId, layerId: 'L0', property: 'x', time: 3000, value: 300, easing: 'linear' },
  ];
  const store = createEditorStore();
  store.project = project;
  const clock = createManualClock(0, 1_000_000);
  const queue: (() => void)[] = [];
  const frames = { request: (cb: () => void) => queue.push(cb), cancel: () => void queue.splice(0) };
  const sent: unknown[] = [];
  const playback = createPlayback(store, { clock, frames, onTransport: (t) => sent.push(t) });
  const step = (ms: number) => {
    clock.advance(ms);
    const cb = queue.shift();
    cb?.();
  };
  return { project, store, clock, playback, step, sent };
}

describe('editor playback', () => {
  it('play stashes, advances by frames on the clock, stop restores and resets to the play start', () => {
    const { project, store, playback, step, sent } = setup();
    playback.play();
    expect(store.playback).toBe('playing');
    expect(store.stash).toEqual(project);
    for (let i = 0; i < 30; i++) step(1000 / 30);
    expect(store.playhead).toBeCloseTo(1000, 6);
    // The document was not written while playing; the stage shows the evaluated value.
    const shown = createShownProject()({ ...store, project: store.project!, stash: store.stash });
    expect(shown.layers[0]!.x).toBeCloseTo(100, 6);
    expect(store.project!.layers[0]!.x).toBe(project.layers[0]!.x);
    playback.stop();
    expect(store).toMatchObject({ playback: 'stopped', stash: null, playhead: 0, playingSceneId: null });
    // Play, the 1 s repeat for late projectors, stop.
    expect(sent.map((t) => (t as { playing: boolean }).playing)).toEqual([true, true, false]);
  });

  it('pause holds the time; play resumes from it', () => {
    const { store, playback, step } = setup();
    playback.play();
    for (let i = 0; i < 15; i++) step(1000 / 30);
    playback.pause();
    const held = store.playhead;
    step(5000);
    expect(store.playhead).toBe(held);
    expect(store.playback).toBe('paused');
    playback.play();
    step(1000 / 30);
    expect(store.playhead).toBeGreaterThan(held);
  });

  it('reaching the end without loop stops by itself', () => {
    const { store, playback, step } = setup();
    playback.seek(2950);
    playback.play();
    for (let i = 0; i < 5; i++) step(1000 / 30);
    expect(store.playback).toBe('stopped');
    expect(store.stash).toBeNull();
  });

  it('scrubbing while stopped is clamped into the timeline', () => {
    const { store, playback } = setup();
    playback.seek(99_999);
    expect(store.playhead).toBe(3000);
    playback.seek(-4);
    expect(store.playhead).toBe(0);
  });
});

describe('a manual scene change', () => {
  it('stops playback and holds timeline-driven scene loading off for 2 s', () => {
    const { project, store, playback, step } = setup();
    project.scenes = [
      {
        id: 's1',
        name: 'Scene 1',
        description: '',
        layers: project.layers,
        canvas: project.canvas,
        warpPoints: project.warpPoints,
        created: '',
        modified: '',
        metadata: { created: '', modified: '' },
      },
    ] as ProjectJson['scenes'];
    project.timeline.timelineScenes = [
      { id: 'p1', sceneId: 's1', startTime: 0, duration: 3000, metadata: { created: 0, modified: 0 } },
    ] as ProjectJson['timeline']['timelineScenes'];
    playback.play();
    step(1000 / 30);
    expect(store.playingSceneId).toBe('s1');
    playback.manualSceneChange();
    expect(store).toMatchObject({ playback: 'stopped', playingSceneId: null });
    playback.play();
    for (let i = 0; i < 30; i++) step(1000 / 30);
    expect(store.playback).toBe('playing');
    expect(store.playingSceneId, 'held off 1 s after the change').toBeNull();
    for (let i = 0; i < 33; i++) step(1000 / 30);
    expect(store.playingSceneId, 'loaded once the 2 s are over').toBe('s1');
  });
});
