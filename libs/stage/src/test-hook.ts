import type { Rgba, StageView } from './stage-view';

/** What end-to-end tests reach as `window.__beamstage`. */
export interface StageTestHook {
  readPixels(points: readonly { x: number; y: number }[]): Promise<Rgba[]>;
  whenIdle(): Promise<void>;
  rendererString: string;
}

declare global {
  interface Window {
    __beamstage?: StageTestHook;
  }
}

/**
 * Exposes the stage's read-back on window for the e2e journey (pixel comparisons between editor
 * and projector). Read-only: it cannot change the project. Returns the uninstaller.
 */
export function installStageTestHook(view: StageView): () => void {
  const hook: StageTestHook = {
    readPixels: (points) => view.readPixels(points),
    whenIdle: () => view.whenIdle(),
    rendererString: view.renderer.rendererString,
  };
  window.__beamstage = hook;
  return () => {
    if (window.__beamstage === hook) delete window.__beamstage;
  };
}
