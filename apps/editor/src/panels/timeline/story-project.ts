// A small show for the stories: two layers, keyframes with two easings, a marker, two placed scenes and a transition.
import { buildProjectJson } from '@beamstage/layers/testing';
import type { KeyframeId, MarkerId, ProjectJson, SceneId, TimelineSceneId, TransitionId } from '@beamstage/layers';

export function storyProject(): ProjectJson {
  const p = buildProjectJson(['image', 'image']);
  p.layers[0]!.name = 'Left pillar';
  p.layers[1]!.name = 'Rose window';
  const t = p.timeline;
  t.duration = 6000;
  t.playEndTime = 5000;
  t.playStartTime = 500;
  const k = (id: string, layerId: string, property: string, time: number, value: number, easing: string) => ({
    id: id as KeyframeId,
    layerId,
    property,
    time,
    value,
    easing,
  });
  t.keyframes = [
    k('k1', 'L0', 'x', 0, 100, 'linear'),
    k('k2', 'L0', 'x', 3000, 500, 'ease-in'),
    k('k3', 'L0', 'opacity', 0, 1, 'smooth'),
    k('k4', 'L0', 'opacity', 3000, 0.2, 'smooth'),
    k('k5', 'L1', 'rotation', 1000, 0, 'ease-out'),
    k('k6', 'L1', 'rotation', 4500, 90, 'smooth'),
  ];
  t.markers = [
    { id: 'm1' as MarkerId, name: 'Drop', time: 1500, color: '#ff4444', metadata: { created: 0 } },
    { id: 'm2' as MarkerId, name: 'Chorus', time: 4000, color: '#44aaff', metadata: { created: 0 } },
  ];
  const scene = (id: string, name: string, primary = false) => ({
    id: id as SceneId,
    name,
    description: '',
    layers: p.layers,
    canvas: p.canvas,
    warpPoints: p.warpPoints,
    created: '',
    modified: '',
    metadata: { created: '', modified: '', ...(primary ? { isPrimaryScene: true } : {}) },
  });
  p.scenes = [scene('s1', 'Opening'), scene('s0', 'Primary', true), scene('s2', 'Finale')];
  t.timelineScenes = [
    { id: 'p1' as TimelineSceneId, sceneId: 's1', startTime: 0, duration: 2000, metadata: { created: 0, modified: 0 } },
    { id: 'p2' as TimelineSceneId, sceneId: 's2', startTime: 2000, duration: 2500, metadata: { created: 0, modified: 0 } },
  ];
  t.sceneTransitions = [{ id: 'tr1' as TransitionId, startTime: 2000, duration: 1000, easing: 'smooth', animations: [], animatedProperties: [], timestamp: 0 }];
  return p;
}
