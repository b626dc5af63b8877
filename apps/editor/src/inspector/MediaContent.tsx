import type { FitMode, GiphyLayer, ImageLayer, VideoLayer } from '@beamstage/layers';
import type { AddressCheck } from './address-check';
import { CheckboxField, Section, SelectField, TextField } from './fields';
import { FIT_OPTIONS } from './fit-modes';
import { NumberField } from './NumberField';
import type { LayerSectionProps } from './section-props';

/** Video playback rates offered (HTMLMediaElement plays 0.0625..16; past 4 most browsers mute). */
export const VIDEO_RATE_LIMITS = { min: 0.25, max: 4 } as const;

/** Image, GIF and video: the source address and fit mode; video adds playing, loop, volume and rate. */
export function MediaContent({
  layer,
  update,
  disabled,
  checkAddress,
  onSearchGifs,
}: LayerSectionProps<ImageLayer | GiphyLayer | VideoLayer> & { checkAddress: AddressCheck; onSearchGifs?: () => void }) {
  return (
    <Section title={layer.type === 'video' ? 'Video' : layer.type === 'giphy' ? 'GIF' : 'Image'} testId="inspector-content">
      <TextField
        label="Source"
        value={layer.content.src}
        disabled={disabled}
        placeholder="https://…"
        validate={(v) => checkAddress(v, 'media')}
        onCommit={(src) => update({ content: { src: src.trim() } }, 'content.src')}
      />
      {onSearchGifs ? (
        <button type="button" className="bs-btn bs-btn--secondary bs-btn--sm" onClick={onSearchGifs}>
          Search GIFs
        </button>
      ) : null}
      <SelectField<FitMode>
        label="Fit"
        value={layer.properties.fitMode}
        options={FIT_OPTIONS}
        disabled={disabled}
        onChange={(fitMode) => update({ properties: { fitMode } }, 'properties.fitMode')}
      />
      {layer.type === 'video' ? (
        <>
          <CheckboxField
            label="Playing"
            checked={layer.content.playing}
            disabled={disabled}
            onChange={(playing) => update({ content: { playing } }, 'content.playing')}
          />
          <CheckboxField label="Loop" checked={layer.content.loop} disabled={disabled} onChange={(loop) => update({ content: { loop } }, 'content.loop')} />
          <div className="inspector-grid">
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
            <NumberField
              label="Rate"
              title="Playback rate"
              unit="×"
              step={0.05}
              decimals={2}
              {...VIDEO_RATE_LIMITS}
              value={layer.properties.playbackRate}
              disabled={disabled}
              onCommit={(playbackRate) => update({ properties: { playbackRate } }, 'properties.playbackRate')}
            />
          </div>
        </>
      ) : null}
    </Section>
  );
}
