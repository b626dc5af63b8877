// Builders for tests and benchmarks: exchange JSON projects of any size, from libs/layers' defaults.
import { createDefaultProject, createLayer, type Keyframe, type LayerId, type LayerType, type ProjectId, type ProjectJson } from '@beamstage/layers';

/** A project in the exchange format with `layers` image layers (every tenth an html layer) and keyframes. */
export function buildSyncProjectJson(options: { id?: string; layers?: number; keyframesPerLayer?: number } = {}): ProjectJson {
  const project = createDefaultProject({ id: (options.id ?? 'proj_1_0123456789abcdef01234567') as ProjectId, nowMs: 1_700_000_000_000 });
  const count = options.layers ?? 2;
  const types: LayerType[] = Array.from({ length: count }, (_, i) => (i % 10 === 9 ? 'html' : 'image'));
  project.layers = types.map((type, i) => createLayer(type, { id: `L${i}` as LayerId, existing: types.slice(0, i).map((t) => ({ type: t })) }));
  const keyframes: Keyframe[] = [];
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < (options.keyframesPerLayer ?? 0); k++) {
      keyframes.push({ id: `kf_${i}_${k}` as Keyframe['id'], layerId: `L${i}`, property: 'opacity', time: k * 10, value: (k % 10) / 10, easing: 'linear' });
    }
  }
  project.timeline.keyframes = keyframes;
  return project;
}
