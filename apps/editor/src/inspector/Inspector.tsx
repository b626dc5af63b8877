import type { CanvasSettings, Layer, LayerPatch } from '@beamstage/layers';
import { useMemo } from 'react';
import { mapSource } from '../state/source';
import type { Source } from '../state/source';
import { LAYER_TYPE_LABELS } from '../actions/add-actions';
import { basicAddressCheck } from './address-check';
import type { AddressCheck } from './address-check';
import { AppearanceSection } from './AppearanceSection';
import { CanvasSection } from './CanvasSection';
import { LayerContent } from './LayerContent';
import { MaskSection } from './MaskSection';
import { TransformSection } from './TransformSection';
import { WarpSection } from './WarpSection';
import { LiveLayerProvider } from './live-layer';
import './inspector.css';

/** Said at the top of a viewer's inspector: the fields show the values and are read-only. */
export const INSPECTOR_VIEW_ONLY = 'View only: you can see these settings but not change them';

/** The viewer's line over the sections (the fields themselves are disabled and look it). */
function ViewOnlyNote() {
  return (
    <p className="inspector-view-only" role="note" data-testid="inspector-view-only">
      {INSPECTOR_VIEW_ONLY}
    </p>
  );
}

export interface InspectorProps {
  /** The inspected layer, or null for the canvas settings. */
  layer: Layer | null;
  /** The other layers (to name the mask a layer uses). */
  layers: readonly Layer[];
  canvas: CanvasSettings;
  /** Viewers see values but change nothing. */
  readOnly?: boolean;
  /** Writes a patch on a layer; `field` names the burst (one undo step per field burst). */
  onUpdateLayer: (id: string, patch: LayerPatch, field: string) => void;
  onRename: (id: string, name: string) => void;
  onUpdateCanvas: (patch: Partial<CanvasSettings>) => void;
  onOpenCode: (id: string) => void;
  warpHandleSize: number;
  onWarpHandleSize: (px: number) => void;
  /** Refused input that should also be a toast (the canvas size). */
  onInvalid?: (message: string) => void;
  checkAddress?: AddressCheck;
  /** Opens the GIF search for a giphy layer (gifs/); without it no "Search GIFs" button shows. */
  onSearchGifs?: (id: string) => void;
  /**
   * The layers as drawn now (drags, the playhead). With it the fields of values that change frame
   * by frame follow it by themselves, and `layer` need only change when anything else does
   * (sameLayerOutsideLive); without it (stories, tests) they show `layer`.
   */
  shown?: Source<{ readonly layers: readonly Layer[] } | null>;
}

/**
 * The right-hand inspector (design.md section 8): one section per concern for the selected
 * layer, or the canvas settings when nothing is selected. It never writes the project itself:
 * every control calls back with a patch the page sends through the live session.
 */
export function Inspector(props: InspectorProps) {
  const { layer, readOnly, shown } = props;
  const id = layer?.id ?? null;
  const live = useMemo(() => (shown && id ? mapSource(shown, (p) => p?.layers.find((l) => l.id === id) ?? null) : null), [shown, id]);
  if (!layer) {
    return (
      <div className="inspector" data-testid="inspector" data-read-only={readOnly ? 'true' : undefined}>
        {readOnly ? <ViewOnlyNote /> : null}
        <p className="inspector-hint">No layer selected: these are the canvas settings.</p>
        <CanvasSection
          canvas={props.canvas}
          onChange={props.onUpdateCanvas}
          warpHandleSize={props.warpHandleSize}
          onWarpHandleSize={props.onWarpHandleSize}
          onInvalid={props.onInvalid}
          disabled={readOnly}
        />
      </div>
    );
  }
  const update = (patch: LayerPatch, field: string) => props.onUpdateLayer(layer.id, patch, field);
  const maskName = layer.maskId ? (props.layers.find((l) => l.id === layer.maskId)?.name ?? null) : null;
  return (
    <LiveLayerProvider source={live}>
      <div className="inspector" data-testid="inspector" data-layer-type={layer.type} data-read-only={readOnly ? 'true' : undefined}>
        {readOnly ? <ViewOnlyNote /> : null}
        <div className="inspector-head">
          {/* The name follows each keystroke (a rename burst is one undo step), so collaborators see it as it is typed. */}
          <label className="inspector-field">
            <span>Name</span>
            <input type="text" value={layer.name} maxLength={200} disabled={readOnly} onChange={(e) => props.onRename(layer.id, e.target.value)} />
          </label>
          <p className="inspector-hint" data-testid="inspector-summary">
            {/* People read the type as the Add menu names it, not as the document stores it (dom_mask). */}
            {LAYER_TYPE_LABELS[layer.type]} · {layer.warp.enabled ? (layer.warp.meshEnabled ? 'mesh warp on' : 'corner warp on') : 'no warp'}
            {layer.locked ? ' · locked' : ''}
          </p>
        </div>
        <TransformSection layer={layer} update={update} disabled={readOnly} />
        <AppearanceSection layer={layer} update={update} disabled={readOnly} />
        <LayerContent
          layer={layer}
          update={update}
          disabled={readOnly}
          checkAddress={props.checkAddress ?? basicAddressCheck}
          onOpenCode={() => props.onOpenCode(layer.id)}
          onSearchGifs={props.onSearchGifs && !readOnly ? () => props.onSearchGifs?.(layer.id) : undefined}
        />
        <MaskSection layer={layer} update={update} disabled={readOnly} maskName={maskName} />
        <WarpSection layer={layer} update={update} disabled={readOnly} />
      </div>
    </LiveLayerProvider>
  );
}
