// The stage view with its media half bundled in: what the editor and the projector use, so a
// video or HTML layer is placed in the same frame as the project that shows it.
import { createStageMedia } from './stage-media';
import { createStageViewWith, type StageView, type StageViewOptions } from './stage-view-core';

export { REPEATED_LOSS_WINDOW_MS, SHADER_SUSPECT_WINDOW_MS } from './stage-view-core';
export type { Rgba, StageMediaSource, StageView, StageViewOptions } from './stage-view-core';

/** Binds a canvas to the compositor and draws projects on it, every layer type (see createStageViewWith). */
export function createStageView(canvas: HTMLCanvasElement, options: StageViewOptions = {}): StageView {
  return createStageViewWith(canvas, options, { now: createStageMedia });
}
