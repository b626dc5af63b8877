import { isMaskType } from '@beamstage/layers';
import type { Layer } from '@beamstage/layers';
import type { FitMode } from '@beamstage/layers';
import { CheckboxField, Section, SelectField } from './fields';
import { FIT_OPTIONS } from './fit-modes';
import { NumberField } from './NumberField';
import type { LayerSectionProps } from './section-props';

/** Largest feather radius offered, in px (render-core blurs the mask by it). */
export const MASK_FEATHER_MAX_PX = 200;

/**
 * A mask layer's invert and feather; for a layer masked by another, whether that mask is inverted
 * (maskInvert). Other layers have no mask section.
 */
export function MaskSection({ layer, update, disabled, maskName }: LayerSectionProps & { maskName?: string | null }) {
  if (layer.type === 'mask' || layer.type === 'dom_mask') {
    const feather = typeof layer.properties.feather === 'number' ? layer.properties.feather : 0;
    return (
      <Section title="Mask" testId="inspector-mask">
        <CheckboxField
          label="Invert"
          checked={layer.content.invert}
          disabled={disabled}
          // content.invert and properties.invert are one setting stored twice (spec section 3): kept equal.
          onChange={(invert) => update({ content: { invert }, properties: { invert } }, 'mask.invert')}
        />
        <NumberField
          label="Feather"
          title="Feather (soft edge)"
          unit="px"
          min={0}
          max={MASK_FEATHER_MAX_PX}
          value={feather}
          disabled={disabled}
          onCommit={(v) => update({ properties: { feather: v } }, 'mask.feather')}
        />
        <SelectField<FitMode>
          label="Fit"
          value={layer.content.fitMode}
          options={FIT_OPTIONS}
          disabled={disabled}
          onChange={(fitMode) => update({ content: { fitMode }, properties: { fitMode } }, 'mask.fitMode')}
        />
      </Section>
    );
  }
  if (!hasMask(layer)) return null;
  return (
    <Section title="Mask" testId="inspector-mask">
      <p className="inspector-hint">Masked by {maskName ?? 'a mask'}</p>
      <CheckboxField
        label="Invert mask"
        checked={layer.maskInvert === true}
        disabled={disabled}
        onChange={(maskInvert) => update({ maskInvert }, 'maskInvert')}
      />
    </Section>
  );
}

/** Whether the inspector shows a mask section for this layer. */
export function hasMask(layer: Layer): boolean {
  return isMaskType(layer.type) || typeof layer.maskId === 'string';
}
