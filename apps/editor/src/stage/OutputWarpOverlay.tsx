import type { Point } from '@beamstage/layers';
import { outputHandles } from './tools/output-warp';
import type { Size, Viewport } from './tools/viewport';
import './output-warp.css';

export interface OutputWarpOverlayProps {
  /** The project's output warp points as the stage shows them (live drags included). */
  points: readonly Point[];
  /** The corner the arrow keys nudge, or null for all four. */
  selected: number | null;
  viewport: Viewport;
  box: Size;
}

const CORNER_NAMES = ['top left', 'top right', 'bottom right', 'bottom left'];
const HANDLE_PX = 14;

/**
 * Calibration mode's overlay: the output warp's quad and its four corner handles in
 * screen pixels. It takes no pointer events: the stage area feeds them to the tool machine, which
 * hit-tests the same points (tools/output-warp.ts).
 */
export function OutputWarpOverlay({ points, selected, viewport, box }: OutputWarpOverlayProps) {
  const handles = outputHandles(points, viewport);
  const poly = handles.map((p) => `${p.x},${p.y}`).join(' ');
  return (
    <svg
      className="output-warp-overlay"
      width={box.width}
      height={box.height}
      viewBox={`0 0 ${box.width} ${box.height}`}
      aria-hidden="true"
      data-testid="output-warp-overlay"
    >
      <polygon className={`output-warp-overlay__quad${selected === null ? ' output-warp-overlay__quad--all' : ''}`} points={poly} />
      <line className="output-warp-overlay__diag" x1={handles[0]?.x} y1={handles[0]?.y} x2={handles[2]?.x} y2={handles[2]?.y} />
      <line className="output-warp-overlay__diag" x1={handles[1]?.x} y1={handles[1]?.y} x2={handles[3]?.x} y2={handles[3]?.y} />
      {handles.map((h, i) => (
        <g key={i} data-output-corner={i} data-x={h.x} data-y={h.y}>
          <rect
            className={`output-warp-overlay__corner${selected === i ? ' output-warp-overlay__corner--selected' : ''}`}
            x={h.x - HANDLE_PX / 2}
            y={h.y - HANDLE_PX / 2}
            width={HANDLE_PX}
            height={HANDLE_PX}
          />
          <text className="output-warp-overlay__label" x={h.x + HANDLE_PX} y={h.y - HANDLE_PX / 2}>
            {`${i + 1} · ${CORNER_NAMES[i]}`}
          </text>
        </g>
      ))}
    </svg>
  );
}
