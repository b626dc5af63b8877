import type { StageView } from '@beamstage/stage';

/**
 * The stage view of the open editor, for the actions that act on what the stage runs rather than
 * on the document (restart a hung frame or a quarantined shader). One editor page, one stage.
 */
let active: StageView | null = null;

export function setActiveStage(view: StageView | null): void {
  active = view;
}

/** Restarts a layer's user-code frame or quarantined shader; false when no stage is open. */
export function restartStageLayer(layerId: string): boolean {
  if (!active) return false;
  active.restartLayer(layerId);
  return true;
}

/** The open stage's texture trim (navigation cleanup, spec section 2); null when no stage is open. */
export function activeStageTextureTrim(): ((maxEntries: number) => number) | null {
  const view = active;
  return view ? (maxEntries) => view.renderer.cleanupTextures(maxEntries) : null;
}
