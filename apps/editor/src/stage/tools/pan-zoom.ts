import type { Point } from '@beamstage/layers';
import type { DragSession, StageHost } from './tool';
import { wheelFactor, zoomAbout } from './viewport';

/** Pan: Space-drag or middle-drag moves the view by the pointer's screen offset. Nothing is written. */
export function startPan(host: StageHost, startScreen: Point): DragSession {
  const from = host.viewport();
  return {
    tool: 'pan',
    move(_stage, screen) {
      host.setViewport({ zoom: from.zoom, x: from.x + screen.x - startScreen.x, y: from.y + screen.y - startScreen.y });
    },
    end() {
      // The view is session state, already stored on each move.
    },
  };
}

/** Wheel: zooms about the pointer, so the canvas point under it stays under it. */
export function wheelZoom(host: StageHost, screen: Point, deltaY: number): void {
  host.setViewport(zoomAbout(host.viewport(), screen, wheelFactor(deltaY)));
}

/** Zoom in or out by a factor about the centre of the stage area (the zoom actions). */
export function zoomByStep(host: Pick<StageHost, 'box' | 'viewport' | 'setViewport'>, factor: number): void {
  const box = host.box();
  host.setViewport(zoomAbout(host.viewport(), { x: box.width / 2, y: box.height / 2 }, factor));
}
