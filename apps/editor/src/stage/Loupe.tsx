import type { Point } from '@beamstage/layers';
import { forwardRef } from 'react';
import { LOUPE_SIZE_PX } from './tools/loupe-draw';
import type { Size } from './tools/viewport';

/** Gap between the dragged point and the loupe, in screen pixels. */
const LOUPE_OFFSET_PX = 28;

/** Where the loupe sits: up and right of the point, flipped to stay inside the stage area. */
export function loupePosition(at: Point, box: Size): Point {
  const right = at.x + LOUPE_OFFSET_PX + LOUPE_SIZE_PX <= box.width;
  const above = at.y - LOUPE_OFFSET_PX - LOUPE_SIZE_PX >= 0;
  return {
    x: right ? at.x + LOUPE_OFFSET_PX : at.x - LOUPE_OFFSET_PX - LOUPE_SIZE_PX,
    y: above ? at.y - LOUPE_OFFSET_PX - LOUPE_SIZE_PX : at.y + LOUPE_OFFSET_PX,
  };
}

/** The loupe's placement as a transform: moving it needs no layout (it is moved on every pointer move of a drag). */
export const loupeTransform = (at: Point, box: Size): string => {
  const pos = loupePosition(at, box);
  return `translate(${pos.x}px, ${pos.y}px)`;
};

/**
 * Moves a rendered loupe (the element around its canvas) to follow `at` without a React render: a
 * drag moves it on every pointer move.
 */
export function placeLoupe(canvas: HTMLCanvasElement, at: Point, box: Size): void {
  const el = canvas.parentElement;
  const transform = loupeTransform(at, box);
  if (el && el.style.transform !== transform) el.style.transform = transform;
}

/** The magnifier shown while a corner or mesh point is dragged; the stage draws into its canvas. */
export const Loupe = forwardRef<HTMLCanvasElement, { at: Point; box: Size }>(function Loupe({ at, box }, ref) {
  return (
    <div className="stage-loupe" style={{ transform: loupeTransform(at, box), width: LOUPE_SIZE_PX, height: LOUPE_SIZE_PX }} data-testid="stage-loupe">
      <canvas ref={ref} width={LOUPE_SIZE_PX} height={LOUPE_SIZE_PX} />
    </div>
  );
});
