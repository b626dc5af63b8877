import type { CanvasSettings, JsonValue, Layer, Point, ProjectJson } from '@beamstage/layers';
import type { Corners, MaskRef, RenderDescription, RenderItem, RenderSource, Warp } from '@beamstage/render-core';

/**
 * What the stage draws from: the parts of a project that affect pixels. `warpPoints` is the
 * project's output warp (./output-warp.ts); `outputFrame`, set by withOutputWarp, is where the
 * canvas rectangle lands on the wall once the layers went through that warp.
 */
export type StageProject = Pick<ProjectJson, 'canvas' | 'layers'> & { warpPoints?: readonly Point[]; outputFrame?: Corners | undefined };

/**
 * The live sources of layers that need more than the project (media elements, sandbox frames,
 * quarantine). Without one, video and p5 layers and quarantined shaders are left out.
 */
export interface LayerSources {
  /** The layer's video element once it has one. */
  video?(layerId: string): HTMLVideoElement | null;
  /** The latest p5 frame of the layer, with a version that changes with each new frame. */
  bitmap?(layerId: string): { bitmap: ImageBitmap; version: number } | null;
  /** True when a shader must not run (quarantined after it lost the WebGL context). */
  shaderBlocked?(layerId: string, fragmentSrc: string): boolean;
}

/** What the wall shows around a warped output: nothing. */
const OUTPUT_SURROUND = '#000000';

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

/** The pixel source of a canvas layer, or null for a layer with nothing to draw yet. */
function sourceOf(layer: Layer, sources: LayerSources): RenderSource | null {
  switch (layer.type) {
    case 'image':
    case 'mask':
      return layer.content.src ? { kind: 'image', url: layer.content.src } : null;
    case 'fragment-shader':
      if (sources.shaderBlocked?.(layer.id, layer.content.fragmentSrc)) return null;
      return { kind: 'shader', fragmentSrc: layer.content.fragmentSrc, uniforms: numericUniforms(layer.content.uniforms) };
    case 'video': {
      const element = sources.video?.(layer.id);
      return element ? { kind: 'video', element } : null;
    }
    case 'p5js': {
      const frame = sources.bitmap?.(layer.id);
      return frame ? { kind: 'bitmap', bitmap: frame.bitmap, version: frame.version } : null;
    }
    default:
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

/** Feather of a mask in canvas pixels: `maskData.feather` when it is a number. */
function featherOf(layer: Layer): number {
  const data = layer.maskData;
  const f = data && typeof data === 'object' && !Array.isArray(data) ? data['feather'] : undefined;
  return typeof f === 'number' && Number.isFinite(f) && f > 0 ? Math.min(f, 200) : 0;
}

/**
 * A layer's geometry and look as a render item with the given source (also used to place DOM
 * layers, so both kinds get exactly the same corners).
 */
export function layerGeometryItem(layer: Layer, source: RenderSource): RenderItem {
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

/** One canvas layer as a render item, or null when it has nothing to draw. */
export function layerToRenderItem(layer: Layer, sources: LayerSources = {}): RenderItem | null {
  // DOM layers have no source (sourceOf's default), so they give no item.
  const source = sourceOf(layer, sources);
  return source ? layerGeometryItem(layer, source) : null;
}

/**
 * The render description of a project: canvas layers only (DOM layers are placed over the canvas
 * by the stage's DOM host), bottom first. The project's list is front first (index 0 is on top),
 * so it is reversed. A layer whose `maskId` names a mask layer is masked by that layer's luminance
 * (`maskInvert`, else the mask's own invert; `maskData.feather` softens the edge); a mask layer
 * used that way only masks. A mask layer nobody references draws with its blend mode (subtract).
 */
export function projectToRenderDescription(project: StageProject, sources: LayerSources = {}): RenderDescription {
  const canvas: CanvasSettings = project.canvas;
  const byId = new Map(project.layers.map((l) => [l.id as string, l]));
  const usedAsMask = new Set<string>();
  for (const l of project.layers) {
    const m = l.maskId ? byId.get(l.maskId) : undefined;
    if (m && m.type === 'mask' && m.id !== l.id) usedAsMask.add(m.id);
  }
  const items: RenderItem[] = [];
  const frame = project.outputFrame;
  // Under an output warp the canvas colour fills the warped canvas only; around it the wall is black.
  if (frame)
    items.push({
      id: '@output-frame',
      source: { kind: 'color', color: canvas.background },
      width: canvas.width,
      height: canvas.height,
      x: canvas.width / 2,
      y: canvas.height / 2,
      warp: { kind: 'corners', points: frame },
    });
  for (let i = project.layers.length - 1; i >= 0; i -= 1) {
    const layer = project.layers[i];
    if (!layer) continue;
    const item = layerToRenderItem(layer, sources);
    if (!item) continue;
    let out: RenderItem = item;
    if (usedAsMask.has(layer.id)) out = { ...out, visible: false };
    const maskLayer = layer.maskId ? byId.get(layer.maskId) : undefined;
    if (maskLayer && usedAsMask.has(maskLayer.id) && maskLayer.id !== layer.id) {
      const invert = layer.maskInvert ?? (maskLayer.type === 'mask' ? maskLayer.content.invert || maskLayer.properties.invert : false);
      const mask: MaskRef = { itemId: maskLayer.id, invert, feather: featherOf(maskLayer) };
      out = { ...out, mask };
    }
    items.push(out);
  }
  return { width: canvas.width, height: canvas.height, background: frame ? OUTPUT_SURROUND : canvas.background, items };
}
