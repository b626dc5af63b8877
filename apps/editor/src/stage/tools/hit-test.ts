import type { Layer, Point, ProjectJson } from '@beamstage/layers';
import { meshOutline, pointInPolygon } from './geometry';

/** Whether a layer's mesh is the warp it is drawn with (the same rule as libs/stage's describe). */
export function meshActive(layer: Layer): boolean {
  const w = layer.warp;
  return w.enabled && w.meshEnabled && w.meshResolution > 1 && w.meshPoints.length === w.meshResolution * w.meshResolution;
}

/**
 * The outline a layer is drawn in on the stage: its mesh border when a mesh is on, else its four
 * warp points (libs/layers keeps them on the layer's transformed rect while the warp is off).
 */
export function outlineOf(layer: Layer): Point[] {
  if (meshActive(layer)) return meshOutline(layer.warp.meshPoints, layer.warp.meshResolution, layer.warp.meshResolution);
  return layer.warp.points;
}

/** The front-most visible layer under a stage point (the list is front first), or null. */
export function layerAt(project: Pick<ProjectJson, 'layers'>, p: Point): Layer | null {
  for (const layer of project.layers) {
    if (layer.visible && pointInPolygon(p, outlineOf(layer))) return layer;
  }
  return null;
}
