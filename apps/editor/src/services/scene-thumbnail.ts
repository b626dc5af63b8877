// A scene's or a project's thumbnail: drawn by the shared stage on an offscreen canvas at twice the
// thumbnail's width, shrunk onto the thumbnail's 2D canvas in the same task as the draw (a WebGL canvas
// is blank to drawImage once composited) and that small one encoded as a JPEG.
import type { Layer, ProjectJson, Scene } from '@beamstage/layers';
import { sceneCanvas } from '@beamstage/layers';
import { createStageView } from '@beamstage/stage';
import type { StageView } from '@beamstage/stage';
import { createDrawingTurns } from './drawing-turns';
import { logger } from './logger';

export const THUMBNAIL_WIDTH_PX = 160;
/**
 * The offscreen stage draws at most this wide: the full-size frame (its fill on a software GPU, read
 * back whole into JavaScript) held the main thread 200-470 ms per picture after every drag. Twice
 * the thumbnail's width, so the shrink onto it still smooths edges as the full-size one did.
 */
const DRAW_WIDTH_PX = THUMBNAIL_WIDTH_PX * 2;

/** Layers drawn in frames or by media elements stay out of the picture: they would start pages, sketches and videos offscreen. */
const PICTURED_TYPES: ReadonlySet<Layer['type']> = new Set(['image', 'giphy', 'fragment-shader', 'mask']);

let offscreen: StageView | null = null;

/** The one offscreen stage (its canvas never in the page), made on first use. */
const offscreenStage = (): StageView =>
  (offscreen ??= createStageView(document.createElement('canvas'), {
    onLayerIssue: () => undefined,
    quarantineStorage: null,
    maxDrawWidthPx: DRAW_WIDTH_PX,
    animate: false,
  }));

/** Longest drawing on the offscreen stage before it is given up (and logged) and the next one starts. */
const DRAWING_TIMEOUT_MS = 15_000;

const turns = createDrawingTurns({
  timeoutMs: DRAWING_TIMEOUT_MS,
  setTimer: (fn, ms) => window.setTimeout(fn, ms),
  clearTimer: (handle) => window.clearTimeout(handle as number),
});

/** A data URL of a canvas and its layers as the wall would show them (canvas layers), or undefined when they cannot be drawn. */
function renderThumbnail(c: ProjectJson['canvas'], layers: readonly Layer[], what: string): Promise<string | undefined> {
  return turns.run(
    () => drawThumbnail(c, layers, what),
    () => {
      // Spec section 8: thumbnail failures are logged only.
      logger('layers').warn(`${what} thumbnail took over ${DRAWING_TIMEOUT_MS / 1000} s; given up`);
      return undefined;
    },
  );
}

async function drawThumbnail(c: ProjectJson['canvas'], layers: readonly Layer[], what: string): Promise<string | undefined> {
  try {
    // The stage sizes its canvas to each frame it draws.
    const view = offscreenStage();
    view.show({ canvas: c, layers: layers.filter((l) => PICTURED_TYPES.has(l.type)) });
    const small = document.createElement('canvas');
    small.width = THUMBNAIL_WIDTH_PX;
    small.height = Math.max(1, Math.round((THUMBNAIL_WIDTH_PX * c.height) / Math.max(1, c.width)));
    const context = small.getContext('2d');
    if (!context) throw new Error('No 2D canvas for the thumbnail');
    await view.withDrawnCanvas((drawn) => context.drawImage(drawn, 0, 0, small.width, small.height));
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
