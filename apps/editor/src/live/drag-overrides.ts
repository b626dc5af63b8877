import type { Layer, ProjectJson } from '@beamstage/layers';
import type { DragValues } from '@beamstage/sync';

/** The project as the stage shows it: others' live drags, then our own, on top of the document. */
export function withDrags(project: ProjectJson, remote: Readonly<Record<string, DragValues>>, own: { target: string; values: DragValues } | null): ProjectJson {
  const drags: Record<string, DragValues> = { ...remote };
  if (own) drags[own.target] = own.values;
  if (Object.keys(drags).length === 0) return project;
  return { ...project, layers: project.layers.map((layer) => applyDrag(layer, drags[layer.id])) };
}

function applyDrag(layer: Layer, values: DragValues | undefined): Layer {
  if (!values) return layer;
  const next = { ...layer, warp: { ...layer.warp } } as Layer;
  if (values.x !== undefined) next.x = values.x;
  if (values.y !== undefined) next.y = values.y;
  // Points in a drag are a corner pin in progress: shown warped, as the commit will make it.
  if (values.points) next.warp = { ...next.warp, enabled: next.warp.enabled || values.x === undefined, points: values.points.map((p) => ({ x: p.x, y: p.y })) };
  return next;
}
