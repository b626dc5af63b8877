import type { Layer, Point } from '@beamstage/layers';
import { useRef } from 'react';
import type { PointerEvent } from 'react';

/** Handle size on screen, in CSS pixels, whatever the stage zoom. */
const HANDLE_SCREEN_PX = 14;

export interface WarpHandlesProps {
  layer: Layer;
  width: number;
  height: number;
  onCorner: (index: number, to: Point) => void;
}

/** The selected layer's outline and four corner handles over the stage; dragging a corner warps it. */
export function WarpHandles({ layer, width, height, onCorner }: WarpHandlesProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const dragging = useRef<number | null>(null);
  const points = layer.warp.points;

  const toCanvas = (event: PointerEvent): Point | null => {
    const svg = svgRef.current;
    if (!svg) return null;
    const rect = svg.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * width, y: ((event.clientY - rect.top) / rect.height) * height };
  };
  const scale = svgRef.current ? width / svgRef.current.getBoundingClientRect().width : 1;
  const size = HANDLE_SCREEN_PX * scale;

  return (
    <svg
      ref={svgRef}
      className="warp-handles"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      onPointerMove={(event) => {
        if (dragging.current === null) return;
        const p = toCanvas(event);
        if (p) onCorner(dragging.current, { x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 });
      }}
      onPointerUp={() => {
        dragging.current = null;
      }}
    >
      <polygon points={points.map((p) => `${p.x},${p.y}`).join(' ')} className="warp-handles__outline" vectorEffect="non-scaling-stroke" />
      {points.map((p, i) => (
        <rect
          key={i}
          className="warp-handles__corner"
          x={p.x - size / 2}
          y={p.y - size / 2}
          width={size}
          height={size}
          rx={size / 4}
          vectorEffect="non-scaling-stroke"
          data-corner={i}
          onPointerDown={(event) => {
            event.preventDefault();
            // Capture on the handle itself: the overlay lets clicks through to the stage elsewhere.
            event.currentTarget.setPointerCapture?.(event.pointerId);
            dragging.current = i;
          }}
        />
      ))}
    </svg>
  );
}
