import { buildProjectJson } from '@beamstage/layers/testing';
import type { ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { damageMessage, findTimelineDamage } from './timeline-repair';

describe('timeline repair on load', () => {
  it('finds keyframes of deleted layers and scenes and placements of deleted scenes; a sound timeline is left alone', () => {
    const p: ProjectJson = buildProjectJson(['image']);
    const kf = (id: string, layerId: string, sceneId?: string) => ({
      id,
      layerId,
      property: 'x',
      time: 0,
      value: 1,
      easing: 'linear',
      ...(sceneId ? { sceneReference: { type: 'scene-property', sceneId } } : {}),
    });
    p.scenes = [
      {
        id: 'S1',
        name: 'Scene 1',
        description: '',
        layers: [{ ...p.layers[0]!, id: 'only-in-scene' }],
        canvas: p.canvas,
        warpPoints: p.warpPoints,
        created: '',
        modified: '',
        metadata: { created: '', modified: '' },
      },
    ] as unknown as ProjectJson['scenes'];
    p.timeline.keyframes = [
      kf('ok', 'L0'),
      kf('scene-layer', 'only-in-scene'),
      kf('gone', 'deleted'),
      kf('ref', 'L0', 'deleted-scene'),
    ] as unknown as ProjectJson['timeline']['keyframes'];
    p.timeline.timelineScenes = [
      { id: 'P1', sceneId: 'S1', startTime: 0, duration: 1000, metadata: { created: 0, modified: 0 } },
      { id: 'P2', sceneId: 'nope', startTime: 1000, duration: 1000, metadata: { created: 0, modified: 0 } },
    ] as unknown as ProjectJson['timeline']['timelineScenes'];
    const d = findTimelineDamage(p);
    expect(d).toEqual({ keyframeIds: ['gone', 'ref'], placementIds: ['P2'] });
    expect(damageMessage(d)).toBe('Repaired the timeline: removed 2 keyframes of deleted layers or scenes and 1 placement of deleted scenes');
    expect(damageMessage(findTimelineDamage(buildProjectJson(['image'])))).toBeNull();
  });
});
