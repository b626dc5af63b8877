import type { Layer, Point } from '@beamstage/layers';
import type { ProjectEdit } from '../../live/project-edits';
import { meshGridFromCorners, round1 } from './geometry';
import type { DragSession, StageHost } from './tool';

/** The default grid of the "mesh warp" toggle: 4x4 points. */
export const DEFAULT_MESH_RESOLUTION = 4;

/**
 * Mesh: drags one mesh point of a layer whose mesh warp is on. libs/sync's drag frames carry a
 * position and four corners only, so the drag is previewed locally and the release commits the
 * whole grid as one value (one undo step); other participants see it at the commit.
 */
export function startMeshDrag(host: StageHost, layer: Layer, index: number, onView: (point: Point | null) => void): DragSession {
  const points = layer.warp.meshPoints.map((p) => ({ ...p }));
  let last: Point[] | null = null;
  return {
    tool: 'mesh',
    move(stage) {
      const to = { x: round1(stage.x), y: round1(stage.y) };
      last = points.map((p, i) => (i === index ? to : p));
      onView(to);
      host.previewMesh(layer.id, last);
    },
    end() {
      onView(null);
      if (!last) return;
      host.edit({ kind: 'update-layer', id: layer.id, patch: { warp: { meshPoints: last } } });
      host.previewMesh(layer.id, null);
    },
  };
}

/**
 * The edit of the "mesh warp" toggle: on, a DEFAULT_MESH_RESOLUTION grid spread over the current
 * corners (the warp is switched on with it, as the mesh is a kind of warp); off, the corners again.
 */
export function meshToggleEdit(layer: Layer): ProjectEdit {
  if (layer.warp.meshEnabled) return { kind: 'update-layer', id: layer.id, patch: { warp: { meshEnabled: false } } };
  const resolution = layer.warp.meshResolution > 1 ? layer.warp.meshResolution : DEFAULT_MESH_RESOLUTION;
  const meshPoints = meshGridFromCorners(layer.warp.points, resolution);
  return { kind: 'update-layer', id: layer.id, patch: { warp: { enabled: true, meshEnabled: true, meshResolution: resolution, meshPoints } } };
}
