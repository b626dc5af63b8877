import type { Layer, ProjectJson } from '@beamstage/layers';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { Source } from '../state/source';
import { useSlice } from '../state/source';
import { followOverlay } from './follow-overlay';
import { overlayLayout, overlayShapes } from './overlay-shapes';
import type { OverlayInput, OverlayShape } from './overlay-shapes';
import { StageOverlay } from './StageOverlay';
import type { StageToolMachine, StageToolView } from './tools/stage-machine';
import type { Size, Viewport } from './tools/viewport';

export interface SelectionOverlayProps {
  /** The project as the stage draws it (drags included), followed outside React render. */
  source: Source<ProjectJson | null>;
  selectedId: string | null;
  viewOnly: boolean;
  machine: StageToolMachine;
  viewport: Viewport;
  box: Size;
  handleSizePx: number;
}

/** The overlay's part of the tools' view: what the snap indicator shows (a new object only when it changes). */
function toolViewSource(machine: StageToolMachine) {
  let last: Pick<StageToolView, 'loupe' | 'snap' | 'tool'> = { loupe: null, snap: null, tool: null };
  return () => {
    const v = machine.view();
    // The loupe point matters here only for a snap indicator; a drag without one keeps its view.
    const loupe = v.snap ? v.loupe : null;
    if (last.snap !== v.snap || last.tool !== v.tool || last.loupe?.x !== loupe?.x || last.loupe?.y !== loupe?.y) last = { loupe, snap: v.snap, tool: v.tool };
    return last;
  };
}

/** The same input: the drawn layer (a snapshot: unchanged means the same object), the view and the placing. */
const sameInput = (a: OverlayInput, b: OverlayInput) =>
  a.layer === b.layer && a.editable === b.editable && a.viewport === b.viewport && a.view === b.view && a.handleSizePx === b.handleSizePx;

/**
 * The selected layer's outline and handles over the stage. React draws which elements there are
 * (a layer selected, a mesh switched on, a snap shown); between renders a drag moves them by
 * writing their attributes (follow-overlay.ts), so a pointer move renders nothing here.
 */
export function SelectionOverlay({ source, selectedId, viewOnly, machine, viewport, box, handleSizePx }: SelectionOverlayProps) {
  const readView = useMemo(() => toolViewSource(machine), [machine]);
  // The drawn project and the tools' view, heard as one: either moves the handles.
  const changes: Source<null> = useMemo(
    () => ({
      get: () => null,
      subscribe(listener) {
        const offSource = source.subscribe(listener);
        const offMachine = machine.subscribe(listener);
        return () => {
          offSource();
          offMachine();
        };
      },
    }),
    [source, machine],
  );
  const inputNow = (): OverlayInput => {
    const layer: Layer | null = source.get()?.layers.find((l) => l.id === selectedId) ?? null;
    const editable = !!layer && layer.visible && !layer.locked && !viewOnly;
    return { layer, editable, viewport, view: readView(), handleSizePx };
  };
  const latest = useRef(inputNow);
  latest.current = inputNow;
  // The shapes of the latest input, made once for the slice and the follower below alike.
  const made = useRef<{ input: OverlayInput; shapes: OverlayShape[] } | null>(null);
  const shapesNow = (): OverlayShape[] => {
    const input = latest.current();
    if (!made.current || !sameInput(made.current.input, input)) made.current = { input, shapes: overlayShapes(input) };
    return made.current.shapes;
  };
  // Renders when the elements change, not when they only move.
  useSlice(changes, () => overlayLayout(shapesNow()));
  const svg = useRef<SVGSVGElement>(null);
  useLayoutEffect(
    () =>
      changes.subscribe(() => {
        // Elements that differ from those drawn wait for the render the slice above asks for.
        if (svg.current) followOverlay(svg.current, shapesNow());
      }),
    [changes],
  );
  return <StageOverlay {...inputNow()} box={box} svgRef={svg} />;
}
