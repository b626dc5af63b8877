import { isDomLayerType } from '@beamstage/layers';
import type { CanvasSettings, JsonValue, Layer, ProjectJson } from '@beamstage/layers';
import type { RenderDescription, RenderItem, RenderSource, Warp } from '@beamstage/render-core';

/** What the stage draws from: the parts of a project that affect pixels. */
export type StageProject = Pick<ProjectJson, 'canvas' | 'layers'>;

/** Shader uniforms must be numbers or number lists on the GPU; anything else is left out. */
function numericUniforms(uniforms: Record<string, JsonValue>): Record<string, number | readonly number[]> {
  const out: Record<string, number | readonly number[]> = {};
  for (const [name, value] of Object.entries(uniforms)) {
    // `time` comes from the renderer's clock (render(description, timeMs)), not from the file.
    if (name === 'time') continue;
    if (typeof value === 'number' && Number.isFinite(value)) out[name] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'number')) out[name] = value as number[];
  }
  return out;
}

/** The pixel source of a canvas layer, or null for a layer the compositor cannot draw yet. */
function sourceOf(layer: Layer): RenderSource | null {
  switch (layer.type) {
    case 'image':
    case 'mask':
      return layer.content.src ? { kind: 'image', url: layer.content.src } : null;
    case 'fragment-shader':
      return { kind: 'shader', fragmentSrc: layer.content.fragmentSrc, uniforms: numericUniforms(layer.content.uniforms) };
    default:
      // Video needs a media element and p5 a sandboxed frame: later issues attach those sources.
      return null;
  }
}

function warpOf(layer: Layer): Warp | undefined {
  const warp = layer.warp;
  if (!warp.enabled) return undefined;
  if (warp.meshEnabled && warp.meshResolution > 1 && warp.meshPoints.length === warp.meshResolution * warp.meshResolution) {
    return { kind: 'mesh', rows: warp.meshResolution, cols: warp.meshResolution, points: warp.meshPoints };
  }
  const [a, b, c, d] = warp.points;
  return a && b && c && d ? { kind: 'corners', points: [a, b, c, d] } : undefined;
}

/** One canvas layer as a render item, or null when it has nothing to draw. */
export function layerToRenderItem(layer: Layer): RenderItem | null {
  if (isDomLayerType(layer.type)) return null;
  const source = sourceOf(layer);
  if (!source) return null;
  const item: RenderItem = {
    id: layer.id,
    source,
    width: layer.width,
    height: layer.height,
    x: layer.x,
    y: layer.y,
    scaleX: layer.scale.x,
    scaleY: layer.scale.y,
    rotation: layer.rotation,
    opacity: layer.opacity,
    visible: layer.visible,
    blendMode: layer.blendMode,
  };
  const warp = warpOf(layer);
  return warp ? { ...item, warp } : item;
}

/**
 * The render description of a project: canvas layers only (DOM layers are placed over the canvas
 * by the apps), bottom first. The project's list is front first (index 0 is on top), so it is reversed.
 */
export function projectToRenderDescription(project: StageProject): RenderDescription {
  const canvas: CanvasSettings = project.canvas;
  const items: RenderItem[] = [];
  for (let i = project.layers.length - 1; i >= 0; i -= 1) {
    const layer = project.layers[i];
    if (!layer) continue;
    const item = layerToRenderItem(layer);
    if (item) items.push(item);
  }
  return { width: canvas.width, height: canvas.height, background: canvas.background, items };
}
