import { createElement } from 'react';
import type { Ref } from 'react';
import { overlayShapes } from './overlay-shapes';
import type { OverlayInput } from './overlay-shapes';
import type { Size } from './tools/viewport';
import './stage.css';

export interface StageOverlayProps extends OverlayInput {
  box: Size;
  /** The svg drawn, for follow-overlay.ts to move its elements between renders. */
  svgRef?: Ref<SVGSVGElement>;
}

/**
 * The stage tools' overlay, drawn in screen pixels over the whole stage area so handles keep their
 * size at any zoom: the selected layer's outline, corner or mesh handles, rotation and scale
 * handles, and the snap target of a corner drag (overlay-shapes.ts). It takes no pointer events:
 * the stage area feeds them to the tool machine, which hit-tests the same handles.
 */
export function StageOverlay({ box, svgRef, ...input }: StageOverlayProps) {
  if (!input.layer) return null;
  return (
    <svg
      ref={svgRef}
      className="stage-overlay"
      width={box.width}
      height={box.height}
      viewBox={`0 0 ${box.width} ${box.height}`}
      aria-hidden="true"
      data-testid="stage-overlay"
    >
      {overlayShapes(input).map(({ key, tag, attrs: { class: className, ...attrs } }) => createElement(tag, { key, 'data-shape': key, className, ...attrs }))}
    </svg>
  );
}
