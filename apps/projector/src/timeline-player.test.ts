import { buildProjectJson } from '@beamstage/layers/testing';
import type { KeyframeId, ProjectJson } from '@beamstage/layers';
import { CUE_MESSAGE, TRANSPORT_MESSAGE } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { createTimelinePlayer } from './timeline-player';

function setup() {
  const project: ProjectJson = buildProjectJson(['image']);
  project.timeline.duration = 3000;
  project.timeline.playEndTime = 3000;
  project.timeline.keyframes = [
    { id: 'a' as KeyframeId, layerId: 'L0', property: 'x', time: 0, value: 0, easing: 'linear' },
    { id: 'b' as KeyframeId, layerId: 'L0', property: 'x', time: 3000, value: 300, easing: 'linear' },
  ];
  let wall = 10_000;
  const shown: ProjectJson[] = [];
  const queue: (() => void)[] = [];
  const player = createTimelinePlayer({
    show: (p) => shown.push(p),
    wallNow: () => wall,
    frames: { request: (cb) => queue.push(cb), cancel: () => void queue.splice(0) },
  });
  player.project(project);
  const advance = (ms: number) => {
    wall += ms;
    queue.shift()?.();
  };
  const send = (state: string, playing: boolean, timeAtStart: number) =>
    player.message({
      type: TRANSPORT_MESSAGE,
      state,
      transport: { playing, startedAtWallMs: wall, timeAtStart, speed: 1 },
      timeline: { playStartTime: 0, playEndTime: 3000, loop: false, fps: 30 },
    });
  return { project, shown, player, advance, send };
}

describe('projector timeline player', () => {
  it('draws the document until an editor plays, then the timeline at its own clock', () => {
    const { shown, player, advance, send } = setup();
    expect(shown.at(-1)!.layers[0]!.x).toBe(0);
    send('playing', true, 0);
    advance(1000);
    expect(player.time()).toBeCloseTo(1000, 6);
    expect(shown.at(-1)!.layers[0]!.x).toBeCloseTo(100, 6);
  });

  it('pause holds the frame; stop restores the document', () => {
    const { shown, player, send } = setup();
    send('paused', false, 1500);
    expect(shown.at(-1)!.layers[0]!.x).toBeCloseTo(150, 6);
    send('stopped', false, 0);
    expect(shown.at(-1)!.layers[0]!.x).toBe(0);
    expect(player.time()).toBeNull();
  });

  it('the end without loop stops and shows the document; other messages are ignored', () => {
    const { shown, advance, send, player } = setup();
    player.message({ type: 'drag', target: 'L0' });
    send('playing', true, 2900);
    advance(500);
    expect(player.time()).toBeNull();
    expect(shown.at(-1)!.layers[0]!.x).toBe(0);
  });
});

describe('projector cue (GO)', () => {
  it('blends from what it showed into the scene over the cue, then shows the document', () => {
    const { project, shown, player, advance } = setup();
    project.timeline.keyframes = [];
    const scene = {
      id: 's1',
      name: 'Scene 1',
      description: '',
      layers: [{ ...project.layers[0]!, x: 400 }],
      canvas: project.canvas,
      warpPoints: project.warpPoints,
      created: '',
      modified: '',
      metadata: { created: '', modified: '' },
    };
    const withScene = { ...project, scenes: [scene] } as ProjectJson;
    player.project(withScene);
    const x0 = project.layers[0]!.x;
    // The scene's document change arrives first, then the cue: it still starts from what was shown.
    player.project({ ...withScene, layers: scene.layers });
    player.message({ type: CUE_MESSAGE, toSceneId: 's1', startedAtWallMs: 10_000, durationMs: 1000, easing: 'linear' });
    expect(shown.at(-1)!.layers[0]!.x).toBeCloseTo(x0, 6);
    expect([player.cueScene(), player.lastCueScene()]).toEqual(['s1', 's1']);
    advance(500);
    expect(shown.at(-1)!.layers[0]!.x).toBeCloseTo((x0 + 400) / 2, 6);
    advance(600);
    expect(shown.at(-1)!.layers[0]!.x).toBe(400);
    // A cue for an unknown scene is ignored.
    const count = shown.length;
    player.message({ type: CUE_MESSAGE, toSceneId: 'nope', startedAtWallMs: 10_000, durationMs: 1000, easing: 'linear' });
    expect(shown.length).toBe(count);
  });
});

describe('projector autoplay (no editor connected)', () => {
  it('plays the show alone, looping on the wall clock, until an editor speaks', () => {
    const { project, shown, player, advance, send } = setup();
    player.project({ ...project, timeline: { ...project.timeline, autoplay: true, autoLoop: true } });
    // Looping autoplay runs from the wall clock's epoch: wall 10 000 ms is 1000 ms into a 3 s region.
    expect(player.time()).toBeCloseTo(1000, 6);
    expect(shown.at(-1)!.layers[0]!.x).toBeCloseTo(100, 6);
    advance(500);
    expect(player.time()).toBeCloseTo(1500, 6);
    send('stopped', false, 0);
    expect(player.time()).toBeNull();
    expect(shown.at(-1)!.layers[0]!.x).toBe(0);
  });

  it('without a loop it plays once from when it opened, then shows the document', () => {
    const { project, shown, player, advance } = setup();
    player.project({ ...project, timeline: { ...project.timeline, autoplay: true } });
    expect(player.time()).toBe(0);
    advance(1000);
    expect(player.time()).toBeCloseTo(1000, 6);
    advance(2500);
    expect(player.time()).toBeNull();
    expect(shown.at(-1)!.layers[0]!.x).toBe(0);
  });
});
