// Builders for tests and benchmarks: exchange JSON projects of any size.
import type { LayerJson, ProjectJson } from './document/project-shape';

/** A minimal valid project in the exchange format. */
export function buildProjectJson(options: { id?: string; name?: string; layers?: number; keyframesPerLayer?: number } = {}): ProjectJson {
  const id = options.id ?? 'proj_1_test';
  const layers: LayerJson[] = [];
  const keyframes: { id: string; [k: string]: unknown }[] = [];
  const count = options.layers ?? 2;
  for (let i = 0; i < count; i++) {
    const layerId = `layer_${i}`;
    layers.push({
      id: layerId,
      // DOM layers stay on top (an invariant), so the html layer is the last one.
      type: i === count - 1 && count >= 10 ? 'html' : 'image',
      name: `Image ${i + 1}`,
      visible: true,
      opacity: 1,
      locked: false,
      blendMode: 'normal',
      x: 400,
      y: 300,
      width: 200,
      height: 200,
      scale: { x: 1, y: 1 },
      rotation: 0,
      content: { src: `https://example.test/${i}.png` },
      properties: { fitMode: 'contain' },
      warp: { enabled: true, points: [ { x: 300, y: 200 }, { x: 500, y: 200 }, { x: 500, y: 400 }, { x: 300, y: 400 } ] },
    });
    for (let k = 0; k < (options.keyframesPerLayer ?? 0); k++) {
      keyframes.push({ id: `kf_${i}_${k}`, layerId, property: 'opacity', time: k * 10, value: (k % 10) / 10, easing: 'linear', timestamp: 0 });
    }
  }
  return {
    version: '1.0',
    id,
    metadata: { id, name: options.name ?? 'Untitled Project', description: '', created: '2026-01-01T00:00:00.000Z', modified: '2026-01-01T00:00:00.000Z', author: 'usr_test', tags: [], isPublic: false, syncEnabled: true, autoMode: false },
    canvas: { width: 800, height: 600, background: '#000000', blendMode: 'normal' },
    layers,
    assets: [],
    warpPoints: [ { x: 200, y: 150 }, { x: 600, y: 150 }, { x: 600, y: 450 }, { x: 200, y: 450 } ],
    scenes: [{ id: 'scene_primary', name: 'Primary', layers: [] }],
    timeline: { currentTime: 0, duration: 30000, fps: 30, playbackSpeed: 1, loop: false, playStartTime: 0, playEndTime: 30000, timelineScenes: [], markers: [], keyframes, sceneTransitions: [] },
  };
}
