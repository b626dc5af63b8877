// What editor and projector both draw while a timeline plays: the project with the timeline's
// animated values applied at one instant (spec section 4). The document itself never changes.
import type { CanvasSettings, Layer, Point, ProjectJson } from '@beamstage/layers';
import { applyAnimatedValues, type FrameValues, type TimelineLogger } from '@beamstage/timeline';

/** A scene's state shown instead of the project's own layers (a scene loaded by the timeline). */
export interface ShownState {
  layers: readonly Layer[];
  canvas?: CanvasSettings;
  warpPoints?: readonly Point[];
}

/**
 * The project to draw at one instant: `base` (a loaded scene) replaces the layers, canvas and warp
 * points when given, then each layer with animated values gets them. Layers without values are the
 * same objects, so the stage's caches see them unchanged.
 */
export function projectAtTime(project: ProjectJson, values: FrameValues, base?: ShownState | null, logger?: TimelineLogger): ProjectJson {
  const layers = base ? base.layers : project.layers;
  const animated =
    values.size === 0
      ? layers
      : layers.map((l) => {
          const v = values.get(l.id);
          if (!v) return l;
          const out = applyAnimatedValues(l, v, logger);
          // Corner pins travel with an animated position, as a committed move carries them (unless warp itself is keyed).
          const dx = out.x - l.x;
          const dy = out.y - l.y;
          if ((dx !== 0 || dy !== 0) && !v.has('warp'))
            return { ...out, warp: { ...out.warp, points: out.warp.points.map((p) => ({ x: p.x + dx, y: p.y + dy })) } };
          return out;
        });
  if (!base && animated === layers) return project;
  return {
    ...project,
    layers: animated as Layer[],
    canvas: base?.canvas ?? project.canvas,
    warpPoints: (base?.warpPoints as Point[] | undefined) ?? project.warpPoints,
  };
}
