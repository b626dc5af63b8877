// The benchmark's keyframes: deterministic (seeded) so every run and every evaluator sees the same data.
import { EASING_NAMES, createKeyframe, type EasingName, type Keyframe } from '@beamstage/timeline';
import { seededRandom } from '../../testing/seeded-random.ts';

export const BENCH_PROPERTIES = ['x', 'y', 'rotation', 'opacity'] as const;

export interface BenchTrack {
  layerId: string;
  property: (typeof BENCH_PROPERTIES)[number];
  keyframes: Keyframe[];
}

/**
 * tracks x keyframesPerTrack numeric keyframes over [0, durationMs]: 4 properties per layer,
 * the first keyframe at 0 and the last at durationMs, random times between, random easings.
 */
export function buildFixture(tracks: number, keyframesPerTrack: number, durationMs: number, seed = 42): { tracks: BenchTrack[]; keyframes: Keyframe[] } {
  const rnd = seededRandom(seed);
  const out: BenchTrack[] = [];
  let id = 0;
  for (let i = 0; i < tracks; i++) {
    const layerId = `layer-${Math.floor(i / BENCH_PROPERTIES.length)}`;
    const property = BENCH_PROPERTIES[i % BENCH_PROPERTIES.length]!;
    const times = [0, durationMs];
    while (times.length < keyframesPerTrack) times.push(Math.round(rnd() * durationMs * 100) / 100);
    times.sort((a, b) => a - b);
    const keyframes = times.map((time) =>
      createKeyframe({
        id: `kf-${id++}`,
        layerId,
        property,
        time,
        value: property === 'opacity' ? rnd() : (rnd() - 0.5) * 2000,
        easing: EASING_NAMES[Math.floor(rnd() * EASING_NAMES.length)] as EasingName,
      }),
    );
    out.push({ layerId, property, keyframes });
  }
  // Shuffle the flat list so nothing can rely on the input already being grouped or sorted.
  const flat = out.flatMap((t) => t.keyframes);
  for (let i = flat.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [flat[i], flat[j]] = [flat[j]!, flat[i]!];
  }
  return { tracks: out, keyframes: flat };
}
