import type { Layer, Point } from '@beamstage/layers';
import type { DragValues } from '@beamstage/sync';
import { useRef } from 'react';
import type { PointerEvent } from 'react';
import { movedLayerValues, withCorner } from '../live/project-edits';

/** Handle size on screen, in CSS pixels, whatever the stage zoom. */
const HANDLE_SCREEN_PX = 14;

export interface WarpHandlesProps {
  layer: Layer;
  width: number;
  height: number;
  /** Each pointer position of a drag: a corner ({points}) or the whole layer ({x, y, points}). */
  onDrag: (values: DragValues) => void;
  /** The release, with the last values: a corner drag ({points}) or a move ({x, y, points}). */
  onRelease: (values: DragValues) => void;
}

interface Drag {
  /** The corner index, or 'move' for the whole layer. */
  part: number | 'move';
  start: Point;
  layer: Pick<Layer, 'x' | 'y' | 'warp'>;
  last: DragValues | null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The selected layer's outline and four corner handles over the stage: drag a corner to warp, the inside to move. */
export function WarpHandles({ layer, width, height, onDrag, onRelease }: WarpHandlesProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const points = layer.warp.points;

  const toCanvas = (event: PointerEvent): Point | null => {
    const svg = svgRef.current;
    if (!svg) return null;
    const rect = svg.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * width, y: ((event.clientY - rect.top) / rect.height) * height };
  };
  const scale = svgRef.current ? width / svgRef.current.getBoundingClientRect().width : 1;
  const size = HANDLE_SCREEN_PX * scale;

  const begin = (event: PointerEvent<SVGElement>, part: number | 'move') => {
    const start = toCanvas(event);
    if (!start) return;
    event.preventDefault();
    // Capture on the handle itself: the overlay lets clicks through to the stage elsewhere.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    // Values are computed from the layer as it was at the start: the preview changes the props under us.
    drag.current = { part, start, layer: { x: layer.x, y: layer.y, warp: { ...layer.warp, points: points.map((p) => ({ ...p })) } }, last: null };
  };
  const finish = () => {
    const d = drag.current;
    drag.current = null;
    if (d?.last) onRelease(d.last);
  };

  return (
    <svg
      ref={svgRef}
      className="warp-handles"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      onPointerMove={(event) => {
        const d = drag.current;
        if (!d) return;
        const p = toCanvas(event);
        if (!p) return;
        d.last =
          d.part === 'move'
            ? movedLayerValues(d.layer, round1(d.layer.x + p.x - d.start.x), round1(d.layer.y + p.y - d.start.y))
            : { points: withCorner(d.layer.warp.points, d.part, { x: round1(p.x), y: round1(p.y) }) };
        onDrag(d.last);
      }}
      onPointerUp={finish}
      onPointerCancel={finish}
    >
      <polygon
        points={points.map((p) => `${p.x},${p.y}`).join(' ')}
        className="warp-handles__outline"
        vectorEffect="non-scaling-stroke"
        data-testid="layer-move-area"
        onPointerDown={(event) => begin(event, 'move')}
      />
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
          onPointerDown={(event) => begin(event, i)}
        />
      ))}
    </svg>
  );
}
