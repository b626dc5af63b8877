import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { Keyframe, LayerId, ProjectId, ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { createAnimator } from './animate';

function projectWithKeyframes(keyframes: Partial<Keyframe>[]): ProjectJson {
  const project = createDefaultProject({ id: 'proj_1_test' as ProjectId, nowMs: 1 });
  const layer = { ...createLayer('image', { id: 'layer-1' as LayerId, nowMs: 1 }), x: 100, y: 100, opacity: 1 };
  return {
    ...project,
    layers: [layer],
    timeline: {
      ...project.timeline,
      keyframes: keyframes.map((k, i) => ({ id: `kf-${i}`, layerId: 'layer-1', easing: 'linear', ...k }) as unknown as Keyframe),
    },
  };
}

describe('createAnimator', () => {
  it('applies keyframed values at a time and leaves other layers alone', () => {
    const project = projectWithKeyframes([
      { property: 'x', time: 0, value: 100 },
      { property: 'x', time: 1000, value: 300 },
      { property: 'opacity', time: 0, value: 1 },
      { property: 'opacity', time: 1000, value: 0 },
    ]);
    const a = createAnimator(project);
    expect(a.animated).toBe(true);
    const mid = a.at(500);
    expect(mid.layers[0]?.x).toBeCloseTo(200, 6);
    expect(mid.layers[0]?.opacity).toBeCloseTo(0.5, 6);
    expect(a.at(2000).layers[0]?.x).toBe(300);
    // The input is not changed.
    expect(project.layers[0]?.x).toBe(100);
  });

  it('returns the project itself when nothing is keyframed, and follows a new project', () => {
    const still = projectWithKeyframes([]);
    const a = createAnimator(still);
    expect(a.animated).toBe(false);
    expect(a.at(1234)).toBe(still);
    const moving = projectWithKeyframes([{ property: 'y', time: 0, value: 0 }, { property: 'y', time: 100, value: 50 }]);
    a.setProject(moving);
    expect(a.animated).toBe(true);
    expect(a.at(50).layers[0]?.y).toBeCloseTo(25, 6);
  });
});
