import type { Point } from '@beamstage/layers';

/** Mesh resolution limits: 2x2 is the smallest mesh render-core draws; 16x16 is plenty for a wall. */
export const MESH_RESOLUTION_MIN = 2;
export const MESH_RESOLUTION_MAX = 16;

/** Whether the stored mesh matches its resolution (else the renderer ignores it and a reset is due). */
export function meshIsComplete(points: readonly Point[], resolution: number): boolean {
  return resolution >= MESH_RESOLUTION_MIN && points.length === resolution * resolution;
}
