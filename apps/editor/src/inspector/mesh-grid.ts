import type { Point } from '@beamstage/layers';

/** Mesh resolution limits: 2x2 is the smallest mesh render-core draws; 16x16 is plenty for a wall. */
export const MESH_RESOLUTION_MIN = 2;
export const MESH_RESOLUTION_MAX = 16;

/**
 * A regular resolution x resolution mesh spanning the four warp corners (top-left, top-right,
 * bottom-right, bottom-left), row-major from the top-left: what "reset mesh" restores and what a
 * new mesh starts from, so turning the mesh on changes no pixel until a point is dragged.
 */
export function meshGridFromCorners(corners: readonly Point[], resolution: number): Point[] {
  const [tl, tr, br, bl] = corners as [Point, Point, Point, Point];
  const n = Math.max(MESH_RESOLUTION_MIN, Math.round(resolution));
  const points: Point[] = [];
  for (let r = 0; r < n; r++) {
    const v = r / (n - 1);
    for (let c = 0; c < n; c++) {
      const u = c / (n - 1);
      const top = { x: tl.x + (tr.x - tl.x) * u, y: tl.y + (tr.y - tl.y) * u };
      const bottom = { x: bl.x + (br.x - bl.x) * u, y: bl.y + (br.y - bl.y) * u };
      points.push({ x: round3(top.x + (bottom.x - top.x) * v), y: round3(top.y + (bottom.y - top.y) * v) });
    }
  }
  return points;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Whether the stored mesh matches its resolution (else the renderer ignores it and a reset is due). */
export function meshIsComplete(points: readonly Point[], resolution: number): boolean {
  return resolution >= MESH_RESOLUTION_MIN && points.length === resolution * resolution;
}
