import type { Layer, ProjectJson } from '@beamstage/layers';
import { useMemo, useSyncExternalStore } from 'react';
import type { Source } from '../state/source';
import { useSlice } from '../state/source';
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

/**
 * The selected layer's outline and handles over the stage. It follows the drawn project and the
 * tool machine by itself, so a drag frame renders these few SVG elements and not the stage area
 * around them (its canvas, presence outlines and loupe are placed outside React render).
 */
export function SelectionOverlay({ source, selectedId, viewOnly, machine, viewport, box, handleSizePx }: SelectionOverlayProps) {
  const selected: Layer | null = useSlice(source, (p) => p?.layers.find((l) => l.id === selectedId) ?? null);
  const readView = useMemo(() => toolViewSource(machine), [machine]);
  const view = useSyncExternalStore(machine.subscribe, readView, readView);
  const editable = !!selected && selected.visible && !selected.locked && !viewOnly;
  return <StageOverlay layer={selected} editable={editable} viewport={viewport} box={box} view={view} handleSizePx={handleSizePx} />;
}
