// The selection overlay as data: one entry per SVG element, with its attributes. StageOverlay
// renders it with React; during a drag follow-overlay.ts writes the same entries' attributes straight
// into the elements already drawn, so a pointer move changes a few attributes and renders nothing
// (design.md section 5: main-thread work per frame while dragging).
import type { Layer, Point } from '@beamstage/layers';
import { handlesFor } from './tools/handles';
import { meshActive, outlineOf } from './tools/hit-test';
import type { StageToolView } from './tools/stage-machine';
import { stageToScreen } from './tools/viewport';
import type { Viewport } from './tools/viewport';

export type OverlayTag = 'polygon' | 'polyline' | 'line' | 'rect' | 'circle';

/** One element of the overlay: `key` names its kind and place, so equal keys mean the same elements. */
export interface OverlayShape {
  key: string;
  tag: OverlayTag;
  /** Attribute name to value, in the order they are written (`class` included). */
  attrs: Record<string, string | number>;
}

export interface OverlayInput {
  /** The selected layer as the stage shows it (drags included), or null. */
  layer: Layer | null;
  /** Whether its handles are offered (not locked, not a viewer). */
  editable: boolean;
  viewport: Viewport;
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
 * The overlay's elements in screen pixels: the selected layer's outline, corner or mesh handles,
 * rotation and scale handles, and the snap target of a corner drag.
 */
export function overlayShapes({ layer, editable, viewport, view, handleSizePx = 36 }: OverlayInput): OverlayShape[] {
  if (!layer) return [];
  const corner = handleSizePx / 3;
  const shapes: OverlayShape[] = [];
  const outline = outlineOf(layer).map((p) => stageToScreen(viewport, p));
  shapes.push({ key: 'outline', tag: 'polygon', attrs: { class: 'stage-overlay__outline', points: pts(outline), 'data-testid': 'selection-outline' } });
  if (meshActive(layer))
    meshLines(layer, viewport).forEach((line, i) =>
      shapes.push({ key: `mesh-line-${i}`, tag: 'polyline', attrs: { class: 'stage-overlay__mesh-line', points: pts(line) } }),
    );
  const handles = editable ? handlesFor(layer, viewport) : [];
  const rotate = handles.find((h) => h.kind === 'rotate');
  if (rotate && rotate.kind === 'rotate')
    shapes.push({
      key: 'stem',
      tag: 'line',
      attrs: { class: 'stage-overlay__stem', x1: rotate.anchor.x, y1: rotate.anchor.y, x2: rotate.screen.x, y2: rotate.screen.y },
    });
  handles.forEach((h, i) => {
    const { x, y } = h.screen;
    switch (h.kind) {
      case 'corner':
        shapes.push({
          key: `corner-${i}`,
          tag: 'rect',
          attrs: {
            class: 'stage-overlay__corner',
            x: x - corner / 2,
            y: y - corner / 2,
            width: corner,
            height: corner,
            rx: corner / 4,
            'data-corner': h.index,
            'data-x': x,
            'data-y': y,
          },
        });
        return;
      case 'mesh':
        shapes.push({
          key: `mesh-${i}`,
          tag: 'circle',
          attrs: { class: 'stage-overlay__mesh-point', cx: x, cy: y, r: 5, 'data-mesh-point': h.index, 'data-x': x, 'data-y': y },
        });
        return;
      case 'rotate':
        shapes.push({
          key: `rotate-${i}`,
          tag: 'circle',
          attrs: { class: 'stage-overlay__rotate', cx: x, cy: y, r: 6, 'data-handle': 'rotate', 'data-x': x, 'data-y': y },
        });
        return;
      case 'scale':
        shapes.push({
          key: `scale-${h.axis}-${i}`,
          tag: 'rect',
          attrs: {
            class: `stage-overlay__scale stage-overlay__scale--${h.axis}`,
            x: x - 4,
            y: y - 4,
            width: 8,
            height: 8,
            'data-handle': `scale-${h.axis}`,
            'data-x': x,
            'data-y': y,
          },
        });
        return;
    }
  });
  const snapAt = view.snap && view.loupe ? stageToScreen(viewport, view.loupe) : null;
  if (snapAt)
    shapes.push({
      key: `snap-${view.snap}`,
      tag: 'circle',
      attrs: { class: `stage-overlay__snap stage-overlay__snap--${view.snap}`, cx: snapAt.x, cy: snapAt.y, r: 10, 'data-testid': 'snap-indicator' },
    });
  return shapes;
}

/** The overlay's elements without their places: two lists with the same layout can be followed in place. */
export const overlayLayout = (shapes: readonly OverlayShape[]): string => shapes.map((s) => s.key).join(' ');
