import type { BlendMode, Layer } from '@beamstage/layers';
import { blendFallbackNote, blendIsFixed, blendOptions, layerHasFilters } from './blend-display';
import { CheckboxField, Section, SelectField } from './fields';
import { NumberField } from './NumberField';
import type { LayerSectionProps, UpdateLayer } from './section-props';
import { useLiveLayer } from './live-layer';

/** Visibility, opacity and blend mode; the option list names where a mode falls back and why. */
export function AppearanceSection({ layer, update, disabled }: LayerSectionProps) {
  const fixed = blendIsFixed(layer.type);
  const options = blendOptions(layer).map((o) => ({
    value: o.mode,
    label: o.note ? `${o.label} (→ ${o.note.includes('filters') ? o.note.replace('With filters this draws as ', '') : 'Normal'})` : o.label,
  }));
  const note = fixed ? 'Masks always blend as Subtract' : blendFallbackNote(layer.blendMode, layer.type, layerHasFilters(layer));
  return (
    <Section title="Appearance" testId="inspector-appearance">
      <LiveAppearance layer={layer} update={update} disabled={disabled} />
      <SelectField<BlendMode>
        label="Blend mode"
        value={layer.blendMode}
        options={options}
        disabled={disabled || fixed}
        note={note}
        onChange={(blendMode) => update({ blendMode }, 'blendMode')}
      />
    </Section>
  );
}

/** Visibility and opacity follow the layer as drawn (playback animates them) without re-rendering the section (./live-layer.tsx). */
function LiveAppearance({ layer, update, disabled }: { layer: Layer; update: UpdateLayer; disabled?: boolean }) {
  const visible = useLiveLayer(layer, (l) => l.visible);
  const opacity = useLiveLayer(layer, (l) => l.opacity);
  return (
    <>
      <CheckboxField label="Visible" checked={visible} disabled={disabled} onChange={(visible) => update({ visible }, 'visible')} />
      <div className="inspector-opacity">
        <NumberField
          label="Opacity"
          min={0}
          max={1}
          step={0.01}
          decimals={2}
          value={opacity}
          disabled={disabled}
          onCommit={(opacity) => update({ opacity }, 'opacity')}
        />
        <input
          type="range"
          aria-label="Opacity slider"
          min={0}
          max={1}
          step={0.01}
          value={opacity}
          disabled={disabled}
          onChange={(e) => update({ opacity: Number(e.target.value) }, 'opacity')}
        />
      </div>
    </>
  );
}
