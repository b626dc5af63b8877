// A keyframed project (bench:editor, the editor-renders journey): N image layers with keyframes spread over their x, y and opacity, so
// every layer is animated and the timeline shows a track per keyed property (the size design.md section 5
// measures the editor at: 100 layers, 2,000 keyframes).
import { buildProjectJson } from '../../libs/layers/src/testing.ts';
import type { KeyframeId, ProjectJson } from '../../libs/layers/src/index.ts';

const PROPERTIES = ['x', 'y', 'opacity'] as const;

export function benchProject(layers: number, keyframes: number, durationMs = 10_000): ProjectJson {
  const project = buildProjectJson(
    Array.from({ length: layers }, () => 'image' as const),
    `proj_1_${'b'.repeat(24)}`,
  );
  project.metadata.name = `Bench ${layers} layers, ${keyframes} keyframes`;
  project.timeline.duration = durationMs;
  project.timeline.playEndTime = durationMs;
  project.timeline.loop = true;
  const perLayer = Math.ceil(keyframes / layers);
  project.timeline.keyframes = [];
  project.layers.forEach((layer, i) => {
    // A smaller layer in its own place, so the stage shows them all.
    layer.x = 40 + (i % 10) * 180;
    layer.y = 40 + Math.floor(i / 10) * 100;
    for (let k = 0; k < perLayer && project.timeline.keyframes.length < keyframes; k++) {
      const property = PROPERTIES[k % PROPERTIES.length]!;
      const time = Math.round(((k + 0.5) / perLayer) * durationMs);
      const value = property === 'opacity' ? (k % 2 ? 0.4 : 1) : property === 'x' ? layer.x + (k % 2) * 60 : layer.y + (k % 2) * 30;
      project.timeline.keyframes.push({ id: `kf_${i}_${k}` as KeyframeId, layerId: layer.id, property, time, value, easing: k % 2 ? 'ease-in-out' : 'linear' });
    }
  });
  return project;
}
