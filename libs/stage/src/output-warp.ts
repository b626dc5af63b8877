import { defaultWarpPoints } from '@beamstage/layers';
import type { Layer, Point } from '@beamstage/layers';
import { applyHomography, isConvexQuad, quadToQuad } from '@beamstage/render-core';
import type { Corners, Mat3 } from '@beamstage/render-core';
import type { StageProject } from './describe';
import { layerCorners } from './dom-placement';

/**
 * The project warp's reference quad: the spec's default warpPoints (200,150 / 600,150 / 600,450 /
 * 200,450). The output warp is the homography taking this quad to the project's warpPoints, so a
 * project with the default points draws exactly as before, and moving one point by 10 px moves that
 * corner of the reference quad by 10 px on the wall (projector-level keystone, users.md).
 */
export const OUTPUT_REFERENCE_QUAD: Corners = defaultWarpPoints() as unknown as Corners;

/** Points closer than this (canvas px) to the reference count as "no output warp". */
const IDENTITY_EPSILON_PX = 1e-6;

const asCorners = (points: readonly Point[] | undefined): Corners | null => {
  if (!points || points.length !== 4) return null;
  const [a, b, c, d] = points;
  if (!a || !b || !c || !d || ![a, b, c, d].every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))) return null;
  return [a, b, c, d];
};

/**
 * The whole-output homography (canvas px -> output canvas px) of a project's warpPoints, or null
 * when there is none to apply: absent, the default rectangle, or not a convex quad (a folded quad
 * has no perspective map; the wall keeps the unwarped picture rather than a torn one).
 */
export function outputHomography(warpPoints: readonly Point[] | undefined): Mat3 | null {
  const to = asCorners(warpPoints);
  if (!to) return null;
  const same = to.every(
    (p, i) => Math.abs(p.x - OUTPUT_REFERENCE_QUAD[i]!.x) < IDENTITY_EPSILON_PX && Math.abs(p.y - OUTPUT_REFERENCE_QUAD[i]!.y) < IDENTITY_EPSILON_PX,
  );
  if (same || !isConvexQuad(to)) return null;
  try {
    return quadToQuad(OUTPUT_REFERENCE_QUAD, to);
  } catch {
    return null;
  }
}

const mapAll = (h: Mat3, points: readonly Point[]): Point[] => points.map((p) => applyHomography(h, p));

/**
 * A layer as the output warp places it: its corners (warp corners, else its transformed rect) taken
 * through `h` as a corner warp, or its mesh points taken through `h`. A homography of a homography is
 * one homography, so a corner-pinned layer stays a true perspective warp on the wall.
 */
export function warpLayerForOutput(layer: Layer, h: Mat3): Layer {
  const warp = layer.warp;
  const mesh = warp.enabled && warp.meshEnabled && warp.meshResolution > 1 && warp.meshPoints.length === warp.meshResolution * warp.meshResolution;
  if (mesh) return { ...layer, warp: { ...warp, meshPoints: mapAll(h, warp.meshPoints) } } as Layer;
  const corners = mapAll(h, layerCorners(layer));
  return { ...layer, warp: { ...warp, enabled: true, meshEnabled: false, points: corners } } as Layer;
}

/** The canvas rectangle (0,0)-(width,height) on the wall under `h`: where the background goes. */
export function outputFrame(width: number, height: number, h: Mat3): Corners {
  const [a, b, c, d] = mapAll(h, [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ]);
  return [a!, b!, c!, d!];
}

/**
 * The project as the output shows it: every layer through the project's output warp, and the
 * canvas rectangle's place on the wall (`outputFrame`, where the background colour goes; black
 * around it). The project itself when there is no output warp. The editor's stage and every
 * projector draw through this (libs/stage's view), so they agree.
 */
export function withOutputWarp<P extends StageProject>(project: P): P {
  const h = outputHomography(project.warpPoints);
  if (!h) return project.outputFrame ? { ...project, outputFrame: undefined } : project;
  return { ...project, layers: project.layers.map((l) => warpLayerForOutput(l, h)), outputFrame: outputFrame(project.canvas.width, project.canvas.height, h) };
}
