import { buildProjectJson } from '@beamstage/layers/testing';
import type { Keyframe, Layer, ProjectJson, Scene, SceneId, TimelineSceneEntry } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { createTimelineShow } from './timeline-show';

/** A project whose timeline shows scene A for 0-1000 ms, then scene B for 1000-2000 ms, with a transition fading B's layer in over 1000-1400 ms. */
function twoScenes(): { project: ProjectJson; a: Layer; b: Layer } {
  const project = buildProjectJson(['image']);
  const base = project.layers[0]!;
  const a = { ...base, id: 'LA', x: 10 } as Layer;
  const b = { ...base, id: 'LB', x: 500 } as Layer;
  const scene = (id: string, layer: Layer): Scene => ({
    id: id as SceneId,
    name: id,
    description: '',
    layers: [layer],
    canvas: { ...project.canvas, background: id === 'A' ? '#ff0000' : '#0000ff' },
    warpPoints: project.warpPoints,
    created: '',
    modified: '',
    metadata: {} as Scene['metadata'],
  });
  project.scenes = [scene('A', a), scene('B', b)];
  const entry = (id: string, sceneId: string, startTime: number): TimelineSceneEntry =>
    ({ id, sceneId, startTime, duration: 1000, metadata: { created: 1, modified: 1 } }) as unknown as TimelineSceneEntry;
  project.timeline = {
    ...project.timeline,
    duration: 10_000,
    playEndTime: 10_000,
    timelineScenes: [entry('e2', 'B', 1000), entry('e1', 'A', 0)],
    sceneTransitions: [
      {
        id: 't1',
        startTime: 1000,
        duration: 400,
        easing: 'linear',
        animations: [{ layerId: 'LB', propertyName: 'opacity', from: 0, to: 1, fromSceneId: 'A', toSceneId: 'B' }],
        animatedProperties: ['opacity'],
        timestamp: 1,
      },
    ] as unknown as ProjectJson['timeline']['sceneTransitions'],
  };
  return { project, a, b };
}

describe('createTimelineShow', () => {
  it('shows the scene placed at each time, with the transition between them', () => {
    const { project, a, b } = twoScenes();
    const show = createTimelineShow(project);
    expect(show.moving).toBe(true);
    const atA = show.at(500);
    expect(atA.layers.map((l) => l.id)).toEqual([a.id]);
    expect(atA.canvas.background).toBe('#ff0000');
    const mid = show.at(1200);
    expect(mid.layers.map((l) => l.id)).toEqual([b.id]);
    expect(mid.canvas.background).toBe('#0000ff');
    expect(mid.layers[0]!.opacity).toBeCloseTo(0.5, 6);
    expect(show.at(1600).layers[0]!.opacity).toBe(b.opacity);
    // Past the last placed scene the document's own layers show again; stopped is the document.
    expect(show.at(2500).layers).toBe(project.layers);
    expect(show.stopped()).toBe(project);
  });

  it('plays to where the content ends, and overrides win over the project settings', () => {
    const { project } = twoScenes();
    const show = createTimelineShow(project);
    expect(show.bounds()).toEqual({ playStartTime: 0, playEnd: 2000, loop: project.timeline.loop, fps: project.timeline.fps });
    expect(show.bounds({ loop: true, playEnd: 1500 })).toMatchObject({ playEnd: 1500, loop: true });
    expect(show.bounds({ playEnd: 5000 }).playEnd).toBe(2000);
  });

  it('applies keyframes on the document when no scene is placed, and a still project does not move', () => {
    const still = buildProjectJson(['image']);
    const show = createTimelineShow(still);
    expect(show.moving).toBe(false);
    expect(show.at(1234)).toBe(still);
    const keyed: ProjectJson = {
      ...still,
      timeline: {
        ...still.timeline,
        keyframes: [
          { id: 'k0', layerId: 'L0', property: 'x', time: 0, value: 0, easing: 'linear' },
          { id: 'k1', layerId: 'L0', property: 'x', time: 1000, value: 200, easing: 'linear' },
        ] as unknown as Keyframe[],
      },
    };
    show.setProject(keyed);
    expect(show.moving).toBe(true);
    expect(show.at(500).layers[0]!.x).toBeCloseTo(100, 6);
    expect(still.layers[0]!.x).not.toBe(100);
  });
});
