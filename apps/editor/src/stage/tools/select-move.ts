import type { Layer, Point } from '@beamstage/layers';
import type { DragValues } from '@beamstage/sync';
import { movedLayerValues } from '../../live/project-edits';
import { round1, translatePointsBy } from './geometry';
import { meshActive } from './hit-test';
import type { DragSession, StageHost } from './tool';

/**
 * Select and move: dragging a layer's body moves it; its warp points move with it (libs/layers
 * updateLayer does the same on commit, mesh points included). The drag channel carries a position
 * and four corners only, so a mesh is previewed locally until the commit.
 */
export function startMove(host: StageHost, layer: Layer, start: Point): DragSession {
  const from = { x: layer.x, y: layer.y, warp: { ...layer.warp, points: layer.warp.points.map((p) => ({ ...p })) } };
  const mesh = meshActive(layer) ? layer.warp.meshPoints.map((p) => ({ ...p })) : null;
  let last: DragValues | null = null;
  return {
    tool: 'move',
    move(stage) {
      const x = round1(from.x + stage.x - start.x);
      const y = round1(from.y + stage.y - start.y);
      last = movedLayerValues(from, x, y);
      if (mesh) host.previewMesh(layer.id, translatePointsBy(mesh, x - from.x, y - from.y));
      host.dragMove(layer.id, last);
    },
    end() {
      if (!last || last.x === undefined || last.y === undefined) return;
      // libs/layers moves the warp and mesh points with the position: the commit is the position alone.
      host.dragEnd(layer.id, last, { kind: 'move-layer', id: layer.id, x: last.x, y: last.y });
      if (mesh) host.previewMesh(layer.id, null);
    },
  };
}
