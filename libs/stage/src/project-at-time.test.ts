import { buildProjectJson } from '@beamstage/layers/testing';
import { TimelineEvaluator } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { projectAtTime } from './project-at-time';

describe('projectAtTime', () => {
  it('applies the evaluated keyframe values and leaves the document alone', () => {
    const project = buildProjectJson(['image', 'image']);
    const ev = new TimelineEvaluator();
    ev.setKeyframes([
      { id: 'a', layerId: 'L0', property: 'x', time: 0, value: 0, easing: 'linear' },
      { id: 'b', layerId: 'L0', property: 'x', time: 1000, value: 100, easing: 'linear' },
      { id: 'c', layerId: 'L0', property: 'opacity', time: 0, value: 1, easing: 'linear' },
      { id: 'd', layerId: 'L0', property: 'opacity', time: 1000, value: 0, easing: 'linear' },
    ]);
    const shown = projectAtTime(project, ev.evaluate(250));
    expect(shown.layers[0]).toMatchObject({ x: 25, opacity: 0.75 });
    // The corner pins follow the animated position.
    expect(shown.layers[0]!.warp.points[0]!.x - project.layers[0]!.warp.points[0]!.x).toBeCloseTo(25 - project.layers[0]!.x, 9);
    expect(shown.layers[1]).toBe(project.layers[1]);
    expect(project.layers[0]!.x).not.toBe(25);
  });

  it('a loaded scene replaces the layers; no values and no scene is the same project', () => {
    const project = buildProjectJson(['image']);
    expect(projectAtTime(project, new Map())).toBe(project);
    const scene = { layers: [{ ...project.layers[0]!, x: 777 }] };
    expect(projectAtTime(project, new Map(), scene).layers[0]!.x).toBe(777);
  });
});
