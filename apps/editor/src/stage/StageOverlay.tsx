import type { Layer, Point } from '@beamstage/layers';
import { handlesFor } from './tools/handles';
import { meshActive, outlineOf } from './tools/hit-test';
import type { StageToolView } from './tools/stage-machine';
import { stageToScreen } from './tools/viewport';
import type { Size, Viewport } from './tools/viewport';
import './stage.css';

export interface StageOverlayProps {
  /** The selected layer as the stage shows it (drags included), or null. */
  layer: Layer | null;
  /** Whether its handles are offered (not locked, not a viewer). */
  editable: boolean;
  viewport: Viewport;
  box: Size;
  view: Pick<StageToolView, 'loupe' | 'snap' | 'tool'>;
  /** The canvas setting "warp handle size" (6..90, default 36): corner handles are a third of it. */
  handleSizePx?: number;
}

const pts = (points: readonly Point[]) => points.map((p) => `${p.x},${p.y}`).join(' ');

/** The mesh's row and column lines in screen coordinates. */
function meshLines(layer: Layer, viewport: Viewport): Point[][] {
  const n = layer.warp.meshResolution;
  const at = (r: number, c: number) => stageToScreen(viewport, layer.warp.meshPoints[r * n + c]!);
  const lines: Point[][] = [];
  for (let r = 0; r < n; r++) lines.push(Array.from({ length: n }, (_, c) => at(r, c)));
  for (let c = 0; c < n; c++) lines.push(Array.from({ length: n }, (_, r) => at(r, c)));
  return lines;
}

/**
 * The stage tools' overlay, drawn in screen pixels over the whole stage area so handles keep their
 * size at any zoom: the selected layer's outline, corner or mesh handles, rotation and scale
 * handles, and the snap target of a corner drag. It takes no pointer events: the stage area feeds
 * them to the tool machine, which hit-tests the same handles.
 */
export function StageOverlay({ layer, editable, viewport, box, view, handleSizePx = 36 }: StageOverlayProps) {
  const corner = handleSizePx / 3;
  if (!layer) return null;
  const outline = outlineOf(layer).map((p) => stageToScreen(viewport, p));
  const handles = editable ? handlesFor(layer, viewport) : [];
  const rotate = handles.find((h) => h.kind === 'rotate');
  const snapAt = view.snap && view.loupe ? stageToScreen(viewport, view.loupe) : null;
  return (
    <svg
      className="stage-overlay"
      width={box.width}
      height={box.height}
      viewBox={`0 0 ${box.width} ${box.height}`}
      aria-hidden="true"
      data-testid="stage-overlay"
    >
      <polygon className="stage-overlay__outline" points={pts(outline)} data-testid="selection-outline" />
      {meshActive(layer) ? meshLines(layer, viewport).map((line, i) => <polyline key={i} className="stage-overlay__mesh-line" points={pts(line)} />) : null}
      {rotate && rotate.kind === 'rotate' ? (
        <line className="stage-overlay__stem" x1={rotate.anchor.x} y1={rotate.anchor.y} x2={rotate.screen.x} y2={rotate.screen.y} />
      ) : null}
      {handles.map((h, i) => {
        const { x, y } = h.screen;
        switch (h.kind) {
          case 'corner':
            return (
              <rect
                key={i}
                className="stage-overlay__corner"
                x={x - corner / 2}
                y={y - corner / 2}
                width={corner}
                height={corner}
                rx={corner / 4}
                data-corner={h.index}
                data-x={x}
                data-y={y}
              />
            );
          case 'mesh':
            return <circle key={i} className="stage-overlay__mesh-point" cx={x} cy={y} r={5} data-mesh-point={h.index} data-x={x} data-y={y} />;
          case 'rotate':
            return <circle key={i} className="stage-overlay__rotate" cx={x} cy={y} r={6} data-handle="rotate" data-x={x} data-y={y} />;
          case 'scale':
            return (
              <rect
                key={i}
                className={`stage-overlay__scale stage-overlay__scale--${h.axis}`}
                x={x - 4}
                y={y - 4}
                width={8}
                height={8}
                data-handle={`scale-${h.axis}`}
                data-x={x}
                data-y={y}
              />
            );
        }
      })}
      {snapAt ? (
        <circle className={`stage-overlay__snap stage-overlay__snap--${view.snap}`} cx={snapAt.x} cy={snapAt.y} r={10} data-testid="snap-indicator" />
      ) : null}
    </svg>
  );
}
