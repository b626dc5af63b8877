// The same keyframes evaluated by Theatre.js (@theatre/core, Apache-2.0, a devDependency of tools
// only). Theatre eases with cubic beziers, so each easing is given as the bezier that draws it:
// linear, quadratic in/out and smoothstep exactly; ease-in-out (piecewise quadratic) approximately.
import theatreCore from '@theatre/core';
import type { EasingName } from '@beamstage/timeline';
import { BENCH_PROPERTIES, type BenchTrack } from './fixture';

const BEZIER: Record<EasingName, [number, number, number, number]> = {
  linear: [1 / 3, 1 / 3, 2 / 3, 2 / 3],
  'ease-in': [1 / 3, 0, 2 / 3, 1 / 3],
  'ease-out': [1 / 3, 2 / 3, 2 / 3, 1],
  'ease-in-out': [0.45, 0, 0.55, 1],
  smooth: [1 / 3, 0, 2 / 3, 1],
};

export interface TheatreScene {
  /** Sets the sequence position (ms) and reads every object's value; calls visit per track. */
  evaluate(timeMs: number, visit: (layerId: string, property: string, value: number) => void): void;
}

/** Builds a Theatre project whose sheet holds one object per layer and one track per property. */
export async function buildTheatreScene(tracks: readonly BenchTrack[], durationMs: number): Promise<TheatreScene> {
  const { getProject } = theatreCore;
  const tracksByObject: Record<string, { trackData: Record<string, unknown>; trackIdByPropPath: Record<string, string> }> = {};
  let trackSeq = 0;
  for (const track of tracks) {
    const byObject = (tracksByObject[track.layerId] ??= { trackData: {}, trackIdByPropPath: {} });
    const trackId = `t${trackSeq++}`;
    byObject.trackData[trackId] = {
      type: 'BasicKeyframedTrack',
      __debugName: `${track.layerId}:${track.property}`,
      keyframes: track.keyframes.map((k, i, list) => {
        // Theatre draws the curve from keyframe i to i+1 with i's right handle and i+1's left handle.
        const leaving = BEZIER[k.easing];
        const arriving = BEZIER[list[i - 1]?.easing ?? 'linear'];
        return {
          id: k.id,
          position: k.time / 1000,
          connectedRight: true,
          type: 'bezier',
          value: k.value,
          handles: [arriving[2], arriving[3], leaving[0], leaving[1]],
        };
      }),
    };
    byObject.trackIdByPropPath[JSON.stringify([track.property])] = trackId;
  }
  const state = {
    sheetsById: {
      BenchSheet: {
        staticOverrides: { byObject: {} },
        sequence: { subUnitsPerUnit: 1000, length: durationMs / 1000, type: 'PositionalSequence', tracksByObject },
      },
    },
    definitionVersion: '0.4.0',
    revisionHistory: [],
  };
  const project = getProject('Beamstage Timeline Bench', { state });
  await project.ready;
  const sheet = project.sheet('BenchSheet');
  const layerIds = [...new Set(tracks.map((t) => t.layerId))];
  const defaults = Object.fromEntries(BENCH_PROPERTIES.map((p) => [p, 0])) as Record<(typeof BENCH_PROPERTIES)[number], number>;
  const objects = layerIds.map((id) => ({ id, object: sheet.object(id, defaults) }));
  return {
    evaluate(timeMs, visit) {
      sheet.sequence.position = timeMs / 1000;
      for (const { id, object } of objects) {
        const value = object.value as Record<string, number>;
        for (const p of BENCH_PROPERTIES) visit(id, p, value[p]!);
      }
    },
  };
}
