import type { Layer, Point, ProjectJson } from '@beamstage/layers';
// From the shared entry, not the browser one: the editor loads the browser entry with import(), and a
// static path to that module would pull Automerge into its first chunk.
import { PROJECT_WARP_TARGET, type DragValues } from '@beamstage/sync';

const copyPoints = (points: readonly Point[]): Point[] => points.map((p) => ({ x: p.x, y: p.y }));

/** The document's own values of a drag target (what a receiver compares with a final frame). */
export function documentDragValues(project: ProjectJson, target: string): DragValues | undefined {
  if (target === PROJECT_WARP_TARGET) return { points: project.warpPoints };
  const layer = project.layers.find((l) => l.id === target);
  return layer ? { x: layer.x, y: layer.y, points: layer.warp.points } : undefined;
}

/**
 * The project as the stage shows it during live drags: each override's x/y and warp corners on top
 * of the document, or '@project' for the project warp; later overrides win for the same target
 * (the editor passes its own drag last). Corners without a position are a corner pin in progress,
 * shown warped as the commit will make it. Copies only what an override touches (the input is never
 * written) and returns the input itself when nothing applies, so a redraw during a drag costs one
 * shallow copy, not an export. Editor and projector both draw through this, so they agree.
 */
export function applyDragOverrides(project: ProjectJson, overrides: Iterable<readonly [string, DragValues]>): ProjectJson {
  let layers: Layer[] | null = null;
  let warpPoints: Point[] | null = null;
  for (const [target, values] of overrides) {
    const corners = values.points?.length === 4 ? copyPoints(values.points) : null;
    if (target === PROJECT_WARP_TARGET) {
      if (corners) warpPoints = corners;
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
      warp: corners ? { ...layer.warp, enabled: layer.warp.enabled || values.x === undefined, points: corners } : layer.warp,
    } as Layer;
  }
  if (!layers && !warpPoints) return project;
  return { ...project, layers: layers ?? project.layers, warpPoints: warpPoints ?? project.warpPoints };
}
