import type { FitMode, RtmpLayer } from '@beamstage/layers';
import type { AddressCheck } from './address-check';
import { CheckboxField, Section, SelectField, TextField } from './fields';
import { FIT_OPTIONS } from './fit-modes';
import { NumberField } from './NumberField';
import type { LayerSectionProps } from './section-props';

/** A live stream: its RTMP address, the HLS address browsers play, sound and fit. */
export function StreamContent({ layer, update, disabled, checkAddress }: LayerSectionProps<RtmpLayer> & { checkAddress: AddressCheck }) {
  return (
    <Section title="Live stream" testId="inspector-content">
      <TextField
        label="Stream URL"
        value={layer.content.url}
        disabled={disabled}
        placeholder="rtmp://…"
        validate={(v) => (v.trim() ? checkAddress(v, 'stream') : null)}
        onCommit={(url) => update({ content: { url: url.trim() } }, 'content.url')}
      />
      <TextField
        label="HLS fallback"
        value={layer.content.fallbackHls}
        disabled={disabled}
        placeholder="https://…/stream.m3u8"
        validate={(v) => (v.trim() ? checkAddress(v, 'media') : null)}
        onCommit={(fallbackHls) => update({ content: { fallbackHls: fallbackHls.trim() } }, 'content.fallbackHls')}
      />
      <CheckboxField
        label="Playing"
        checked={layer.content.playing}
        disabled={disabled}
        onChange={(playing) => update({ content: { playing } }, 'content.playing')}
      />
      <CheckboxField label="Muted" checked={layer.content.muted} disabled={disabled} onChange={(muted) => update({ content: { muted } }, 'content.muted')} />
      <NumberField
        label="Volume"
        min={0}
        max={1}
        step={0.01}
        decimals={2}
        value={layer.properties.volume}
        disabled={disabled}
        onCommit={(volume) => update({ properties: { volume } }, 'properties.volume')}
      />
      <SelectField<FitMode>
        label="Fit"
        value={layer.properties.fitMode}
        options={FIT_OPTIONS}
        disabled={disabled}
        onChange={(fitMode) => update({ properties: { fitMode } }, 'properties.fitMode')}
      />
    </Section>
  );
}
