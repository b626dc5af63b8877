import type { Layer, Point, ProjectJson } from '@beamstage/layers';
import type { DragValues } from '@beamstage/sync/browser';

// Kept as a literal (not imported) so this file stays out of the lazy sync chunk's way: the initial
// bundle may only import types from @beamstage/sync.
const PROJECT_WARP_TARGET = '@project';

const copyPoints = (points: readonly Point[]): Point[] => points.map((p) => ({ x: p.x, y: p.y }));

/** The document's own values of a drag target (what a receiver compares with a final frame). */
export function documentDragValues(project: ProjectJson, target: string): DragValues | undefined {
  if (target === PROJECT_WARP_TARGET) return { points: project.warpPoints };
  const layer = project.layers.find((l) => l.id === target);
  return layer ? { x: layer.x, y: layer.y, points: layer.warp.points } : undefined;
}

/**
 * The project with live drag values on top: a layer's x/y and warp corners, or '@project' for the
 * project warp. Copies only what an override touches (the input is never written) and returns the
 * input itself when nothing applies, so a redraw during a drag costs one shallow copy, not an export.
 */
export function applyDragOverrides(project: ProjectJson, overrides: Iterable<readonly [string, DragValues]>): ProjectJson {
  let layers: Layer[] | null = null;
  let warpPoints: Point[] | null = null;
  for (const [target, values] of overrides) {
    if (target === PROJECT_WARP_TARGET) {
      if (values.points?.length === 4) warpPoints = copyPoints(values.points);
      continue;
    }
    const source = layers ?? project.layers;
    const index = source.findIndex((l) => l.id === target);
    const layer = source[index];
    if (!layer) continue; // a drag of a layer this document no longer has
    layers ??= [...project.layers];
    layers[index] = {
      ...layer,
      x: values.x ?? layer.x,
      y: values.y ?? layer.y,
      warp: values.points?.length === 4 ? { ...layer.warp, points: copyPoints(values.points) } : layer.warp,
    } as Layer;
  }
  if (!layers && !warpPoints) return project;
  return { ...project, layers: layers ?? project.layers, warpPoints: warpPoints ?? project.warpPoints };
}
