import { buildProjectJson } from '@beamstage/layers/testing';
import type { Scene, SceneId, SceneTransition } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { cueTransition, nextCueSceneId } from './scene-go';
import { scenesForImport } from './scene-import';

const s = (id: string, name: string, primary = false) => ({ id, name, metadata: { created: '', modified: '', ...(primary ? { isPrimaryScene: true } : {}) } });

describe('GO', () => {
  it('fires the scenes in the panel order, Primary skipped, wrapping', () => {
    const scenes = [s('a', 'Scene 1'), s('p', 'Primary', true), s('b', 'Scene 2')];
    expect(nextCueSceneId(scenes, null)).toBe('a');
    expect(nextCueSceneId(scenes, 'a')).toBe('b');
    expect(nextCueSceneId(scenes, 'b')).toBe('a');
    expect(nextCueSceneId([s('p', 'Primary', true)], null)).toBeNull();
    expect(nextCueSceneId([], null)).toBeNull();
  });

  it('plays the timeline transition between the two scenes, else into the target, else 1000 ms smooth', () => {
    const project = buildProjectJson(['image']);
    const tr = (id: string, from: string, to: string, duration: number, easing: string): SceneTransition =>
      ({
        id,
        startTime: 0,
        duration,
        easing,
        animations: [{ layerId: 'L0', propertyName: 'x', from: 0, to: 1, fromSceneId: from, toSceneId: to }],
        animatedProperties: ['x'],
        timestamp: 0,
      }) as SceneTransition;
    project.timeline.sceneTransitions = [tr('t1', 'x', 'b', 400, 'linear'), tr('t2', 'a', 'b', 2500, 'ease-in')];
    expect(cueTransition(project, 'a', 'b')).toEqual({ durationMs: 2500, easing: 'ease-in' });
    expect(cueTransition(project, null, 'b')).toEqual({ durationMs: 400, easing: 'linear' });
    expect(cueTransition(project, 'b', 'a')).toEqual({ durationMs: 1000, easing: 'smooth' });
    expect(cueTransition(project, 'b', 'a', 4000)).toEqual({ durationMs: 4000, easing: 'smooth' });
  });
});

describe('scene import', () => {
  it("gives colliding ids fresh ones and drops the other file's Primary flag", () => {
    const scene = (id: string, primary = false): Scene => ({
      id: id as SceneId,
      name: id,
      description: '',
      layers: [],
      canvas: { width: 800, height: 600, background: '#000000', blendMode: 'normal' },
      warpPoints: [],
      created: '',
      modified: '',
      metadata: { created: '', modified: '', ...(primary ? { isPrimaryScene: true } : {}) },
    });
    let n = 0;
    const out = scenesForImport(['a'], [scene('a', true), scene('b'), scene('b')], () => `new${(n += 1)}`);
    expect(out.map((x) => x.id)).toEqual(['new1', 'b', 'new2']);
    expect(out[0]!.metadata.isPrimaryScene).toBeUndefined();
  });
});
