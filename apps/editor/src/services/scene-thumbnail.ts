// A scene's or a project's thumbnail: drawn by the shared stage on an offscreen canvas, read back in
// the same task as the draw (a WebGL canvas is blank to drawImage once composited) and shrunk to a JPEG.
import type { Layer, ProjectJson, Scene } from '@beamstage/layers';
import { sceneCanvas } from '@beamstage/layers';
import { createStageView } from '@beamstage/stage';
import type { StageView } from '@beamstage/stage';
import { logger } from './logger';

export const THUMBNAIL_WIDTH_PX = 160;

/** Layers drawn in frames or by media elements stay out of the picture: they would start pages, sketches and videos offscreen. */
const PICTURED_TYPES: ReadonlySet<Layer['type']> = new Set(['image', 'giphy', 'fragment-shader', 'mask']);

let offscreen: { canvas: HTMLCanvasElement; view: StageView } | null = null;

function offscreenStage(): { canvas: HTMLCanvasElement; view: StageView } {
  if (offscreen) return offscreen;
  const canvas = document.createElement('canvas');
  const view = createStageView(canvas, { onLayerIssue: () => undefined, quarantineStorage: null });
  offscreen = { canvas, view };
  return offscreen;
}

/** A data URL of a canvas and its layers as the wall would show them (canvas layers), or undefined when they cannot be drawn. */
async function renderThumbnail(c: ProjectJson['canvas'], layers: readonly Layer[], what: string): Promise<string | undefined> {
  try {
    const { canvas, view } = offscreenStage();
    if (canvas.width !== c.width) canvas.width = c.width;
    if (canvas.height !== c.height) canvas.height = c.height;
    view.show({ canvas: c, layers: layers.filter((l) => PICTURED_TYPES.has(l.type)) });
    const { width, height, data } = await view.readCanvas();
    const full = document.createElement('canvas');
    full.width = width;
    full.height = height;
    full.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(data), width, height), 0, 0);
    const small = document.createElement('canvas');
    small.width = THUMBNAIL_WIDTH_PX;
    small.height = Math.max(1, Math.round((THUMBNAIL_WIDTH_PX * height) / Math.max(1, width)));
    small.getContext('2d')?.drawImage(full, 0, 0, small.width, small.height);
    return small.toDataURL('image/jpeg', 0.8);
  } catch (error) {
    // Spec section 8: thumbnail failures are logged only.
    logger('layers').warn(`${what} thumbnail failed`, error);
    return undefined;
  }
}

/** A data URL of the scene as the wall would show it (canvas layers), or undefined when it cannot be drawn. */
export const renderSceneThumbnail = (scene: Scene): Promise<string | undefined> => renderThumbnail(sceneCanvas(scene), scene.layers, 'Scene');

/** A data URL of the project's canvas as the wall would show it stopped (canvas layers), for its dashboard card. */
export const renderProjectThumbnail = (project: ProjectJson): Promise<string | undefined> => renderThumbnail(project.canvas, project.layers, 'Project');
