import type { P5Layer, ShaderLayer } from '@beamstage/layers';
import { CheckboxField, Section } from './fields';
import { NumberField } from './NumberField';
import type { LayerSectionProps } from './section-props';
import { UniformControls } from './UniformControls';

/** p5's frame rate range (p5 accepts any positive rate; past 120 no display shows it). */
export const P5_FRAME_RATE_LIMITS = { min: 1, max: 120 } as const;

/** A shader layer: a control per declared uniform, and its code in the code editor. */
export function ShaderContent({ layer, update, disabled, onOpenCode }: LayerSectionProps<ShaderLayer> & { onOpenCode: () => void }) {
  return (
    <Section title="Shader" testId="inspector-content">
      <button type="button" className="bs-btn bs-btn--secondary bs-btn--sm" onClick={onOpenCode}>
        Edit shader code…
      </button>
      <UniformControls layer={layer} update={update} disabled={disabled} />
    </Section>
  );
}

/** A p5.js sketch: auto-run and frame rate; its code in the code editor. */
export function P5Content({ layer, update, disabled, onOpenCode }: LayerSectionProps<P5Layer> & { onOpenCode: () => void }) {
  return (
    <Section title="p5.js sketch" testId="inspector-content">
      <button type="button" className="bs-btn bs-btn--secondary bs-btn--sm" onClick={onOpenCode}>
        Edit sketch code…
      </button>
      <CheckboxField
        label="Auto-run"
        checked={layer.properties.autoRun}
        disabled={disabled}
        onChange={(autoRun) => update({ properties: { autoRun } }, 'properties.autoRun')}
      />
      <NumberField
        label="Frame rate"
        unit="fps"
        integer
        {...P5_FRAME_RATE_LIMITS}
        value={layer.properties.frameRate}
        disabled={disabled}
        onCommit={(frameRate) => update({ properties: { frameRate } }, 'properties.frameRate')}
      />
    </Section>
  );
}
