import type { SessionState } from '../../state/session-store';
import { fitViewport } from './viewport';
import type { Size, Viewport } from './viewport';

/** The viewport the session stores, or the fitted one when it stores none (zoom null). */
export function sessionViewport(session: Pick<SessionState, 'stageZoom' | 'stagePanX' | 'stagePanY'>, box: Size, canvas: Size): Viewport {
  return session.stageZoom === null ? fitViewport(box, canvas) : { zoom: session.stageZoom, x: session.stagePanX, y: session.stagePanY };
}

/** Stores a viewport in the session; null goes back to "fit". */
export function storeViewport(session: Pick<SessionState, 'stageZoom' | 'stagePanX' | 'stagePanY'>, viewport: Viewport | null): void {
  if (!viewport) {
    session.stageZoom = null;
    return;
  }
  session.stageZoom = viewport.zoom;
  session.stagePanX = viewport.x;
  session.stagePanY = viewport.y;
}
