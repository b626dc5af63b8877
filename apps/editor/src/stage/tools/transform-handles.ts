import { scaleRotatePoints, scaleRotatePointsAbout } from '@beamstage/layers';
import type { Layer, LayerPatch, Point } from '@beamstage/layers';
import type { ProjectEdit } from '../../live/project-edits';
import { centroidOf } from './geometry';
import { meshActive } from './hit-test';
import type { DragSession, StageHost } from './tool';

/** Shift snaps the rotation to multiples of this many degrees. */
export const ROTATE_SNAP_DEG = 15;
/** A scale handle never takes a layer below this factor (a zero scale cannot be scaled back). */
export const MIN_SCALE = 0.01;

const round1 = (v: number) => Math.round(v * 10) / 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;
const angleDeg = (c: Point, p: Point) => (Math.atan2(p.y - c.y, p.x - c.x) * 180) / Math.PI;

/**
 * Shared by rotate and scale: the drag sends the warp corners libs/layers will compute on commit
 * (scaled, then rotated about their centroid) as live frames, and the release commits the layer's
 * rotation / scale with one edit. A mesh follows about the same centre (previewed locally: the
 * channel carries no mesh), as libs/layers turns it on commit.
 */
function transformSession(
  host: StageHost,
  layer: Layer,
  tool: 'rotate' | 'scale',
  next: (stage: Point, shift: boolean) => { patch: LayerPatch; sx: number; sy: number; deg: number },
): DragSession {
  const corners = layer.warp.points.map((p) => ({ ...p }));
  const center = centroidOf(corners);
  const mesh = meshActive(layer) ? layer.warp.meshPoints.map((p) => ({ ...p })) : null;
  let last: { patch: LayerPatch; points: Point[]; mesh: Point[] | null } | null = null;
  return {
    tool,
    move(stage, _screen, modifiers) {
      const { patch, sx, sy, deg } = next(stage, modifiers.shift);
      const points = scaleRotatePoints(corners, sx, sy, deg);
      last = { patch, points, mesh: mesh ? scaleRotatePointsAbout(mesh, center, sx, sy, deg) : null };
      if (last.mesh) host.previewMesh(layer.id, last.mesh);
      host.dragMove(layer.id, { points });
    },
    end() {
      if (!last) return;
      // libs/layers turns the corners and the mesh the same way on commit.
      const edit: ProjectEdit = { kind: 'update-layer', id: layer.id, patch: last.patch };
      host.dragEnd(layer.id, { points: last.points }, edit);
      if (last.mesh) host.previewMesh(layer.id, null);
    },
  };
}

/** Rotate: the angle the pointer turns about the warp corners' centroid; Shift snaps to 15 degrees. */
export function startRotate(host: StageHost, layer: Layer, start: Point): DragSession {
  const center = centroidOf(layer.warp.points);
  const a0 = angleDeg(center, start);
  return transformSession(host, layer, 'rotate', (stage, shift) => {
    let rotation = layer.rotation + angleDeg(center, stage) - a0;
    rotation = shift ? Math.round(rotation / ROTATE_SNAP_DEG) * ROTATE_SNAP_DEG : round1(rotation);
    return { patch: { rotation }, sx: 1, sy: 1, deg: rotation - layer.rotation };
  });
}

/**
 * Scale: an edge handle scales one stage axis, a corner handle both by the same factor, as the
 * pointer's distance from the centroid over the grab point's distance.
 */
export function startScale(host: StageHost, layer: Layer, axis: 'x' | 'y' | 'xy', start: Point): DragSession {
  const c = centroidOf(layer.warp.points);
  const s0 = { x: start.x - c.x, y: start.y - c.y };
  const len2 = s0.x * s0.x + s0.y * s0.y;
  const ratio = (p: number, s: number) => (Math.abs(s) < 1e-6 ? 1 : p / s);
  const clampTo = (scale: number, k: number) => {
    const next = round3(scale * k);
    return Math.abs(next) < MIN_SCALE ? Math.sign(scale || 1) * MIN_SCALE : next;
  };
  return transformSession(host, layer, 'scale', (stage) => {
    const d = { x: stage.x - c.x, y: stage.y - c.y };
    const uniform = len2 < 1e-9 ? 1 : Math.max(0, (d.x * s0.x + d.y * s0.y) / len2);
    const kx = axis === 'xy' ? uniform : axis === 'x' ? Math.max(0, ratio(d.x, s0.x)) : 1;
    const ky = axis === 'xy' ? uniform : axis === 'y' ? Math.max(0, ratio(d.y, s0.y)) : 1;
    const scale = { x: clampTo(layer.scale.x, kx), y: clampTo(layer.scale.y, ky) };
    // The ratios libs/layers will apply on commit, from the rounded values it stores.
    const sx = layer.scale.x !== 0 ? scale.x / layer.scale.x : 1;
    const sy = layer.scale.y !== 0 ? scale.y / layer.scale.y : 1;
    return { patch: { scale }, sx, sy, deg: 0 };
  });
}
