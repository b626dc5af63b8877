import { BLEND_MODES, MSG_INVALID_CANVAS, WARP_HANDLE_SIZE_MAX_PX, WARP_HANDLE_SIZE_MIN_PX } from '@beamstage/layers';
import type { BlendMode, CanvasSettings } from '@beamstage/layers';
import { blendModeLabel } from './blend-display';
import { ColorField, Section, SelectField } from './fields';
import { NumberField } from './NumberField';

/** Largest canvas side offered, in px (an 8K wall); the model itself only needs a positive size. */
export const CANVAS_MAX_SIDE_PX = 16384;

/** The spec's check of a canvas side: positive, else "Invalid canvas dimensions" (spec section 9). */
export function canvasSideMessage(value: number): string | null {
  return Number.isFinite(value) && value > 0 ? null : MSG_INVALID_CANVAS;
}

const BLEND_OPTIONS = BLEND_MODES.map((mode) => ({ value: mode, label: blendModeLabel(mode) }));

export interface CanvasSectionProps {
  canvas: CanvasSettings;
  onChange: (patch: Partial<CanvasSettings>) => void;
  /** Warp handle size in px (6..90): an editor-held value of this browser, not the document. */
  warpHandleSize: number;
  onWarpHandleSize: (px: number) => void;
  /** A refused canvas size also goes to a toast (spec: the error reaches the user). */
  onInvalid?: (message: string) => void;
  disabled?: boolean;
}

/** Canvas settings, shown when no layer is selected. */
export function CanvasSection({ canvas, onChange, warpHandleSize, onWarpHandleSize, onInvalid, disabled }: CanvasSectionProps) {
  return (
    <Section title="Canvas" testId="inspector-canvas">
      <div className="inspector-grid">
        <NumberField
          label="W"
          title="Canvas width"
          unit="px"
          integer
          max={CANVAS_MAX_SIDE_PX}
          validate={canvasSideMessage}
          onInvalid={onInvalid}
          value={canvas.width}
          disabled={disabled}
          onCommit={(width) => onChange({ width })}
        />
        <NumberField
          label="H"
          title="Canvas height"
          unit="px"
          integer
          max={CANVAS_MAX_SIDE_PX}
          validate={canvasSideMessage}
          onInvalid={onInvalid}
          value={canvas.height}
          disabled={disabled}
          onCommit={(height) => onChange({ height })}
        />
      </div>
      <ColorField label="Background" value={canvas.background} disabled={disabled} onCommit={(background) => onChange({ background })} />
      <SelectField<BlendMode>
        label="Blend mode"
        value={canvas.blendMode}
        options={BLEND_OPTIONS}
        disabled={disabled}
        onChange={(blendMode) => onChange({ blendMode })}
      />
      <NumberField
        label="Handles"
        title="Warp handle size"
        unit="px"
        integer
        min={WARP_HANDLE_SIZE_MIN_PX}
        max={WARP_HANDLE_SIZE_MAX_PX}
        value={warpHandleSize}
        onCommit={onWarpHandleSize}
      />
      {/* The one field a viewer keeps: it sizes the handles in this browser and writes nothing to the project. */}
      {disabled ? <p className="inspector-hint">The handle size is this browser's own setting.</p> : null}
    </Section>
  );
}
