// The stage view for pages that must load fast and mostly show canvas layers (the embedded
// player): videos, user-code frames and DOM layers load as a separate chunk the first time a shown
// project has one.
import { createStageViewWith, type StageView, type StageViewOptions } from './stage-view-core';

/** Like createStageView, with the media half (stage-media.ts) loaded by import() when first needed. */
export function createLazyStageView(canvas: HTMLCanvasElement, options: StageViewOptions = {}): StageView {
  return createStageViewWith(canvas, options, { load: () => import('./stage-media').then((m) => m.createStageMedia) });
}
