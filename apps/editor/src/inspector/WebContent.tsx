import type { FitMode, HtmlLayer, UrlLayer } from '@beamstage/layers';
import type { AddressCheck } from './address-check';
import { CheckboxField, ColorField, Section, SelectField, TextField } from './fields';
import { URL_FIT_OPTIONS } from './fit-modes';
import type { LayerSectionProps } from './section-props';

/** A web page layer: address, scrolling, whether it takes pointer input, and how it fits. */
export function UrlContent({ layer, update, disabled, checkAddress }: LayerSectionProps<UrlLayer> & { checkAddress: AddressCheck }) {
  return (
    <Section title="Web page" testId="inspector-content">
      <TextField
        label="Address"
        value={layer.content.url}
        disabled={disabled}
        placeholder="https://example.com"
        validate={(v) => checkAddress(v, 'web')}
        onCommit={(url) => update({ content: { url: url.trim() } }, 'content.url')}
      />
      <CheckboxField
        label="Scrollable"
        checked={layer.properties.scrollable}
        disabled={disabled}
        onChange={(scrollable) => update({ properties: { scrollable } }, 'properties.scrollable')}
      />
      <CheckboxField
        label="Interactive"
        hint="Takes clicks on the projector"
        checked={layer.properties.interactive}
        disabled={disabled}
        onChange={(interactive) => update({ properties: { interactive } }, 'properties.interactive')}
      />
      <SelectField<FitMode>
        label="Fit"
        value={layer.properties.fitMode}
        options={URL_FIT_OPTIONS}
        disabled={disabled}
        onChange={(fitMode) => update({ properties: { fitMode } }, 'properties.fitMode')}
      />
    </Section>
  );
}

/** CSS text kept within reason: it travels in every sync message. */
export const HTML_CSS_MAX_CHARS = 64 * 1024;

/** An HTML layer: its code opens in the code editor; background, extra CSS and interactive (which locks it, spec section 4). */
export function HtmlContent({ layer, update, disabled, onOpenCode }: LayerSectionProps<HtmlLayer> & { onOpenCode: () => void }) {
  return (
    <Section title="HTML" testId="inspector-content">
      <button type="button" className="bs-btn bs-btn--secondary bs-btn--sm" onClick={onOpenCode}>
        Edit HTML…
      </button>
      <ColorField
        label="Background"
        value={layer.properties.background}
        disabled={disabled}
        onCommit={(background) => update({ properties: { background } }, 'properties.background')}
      />
      <TextField
        label="CSS"
        multiline
        maxLength={HTML_CSS_MAX_CHARS}
        value={layer.properties.css}
        disabled={disabled}
        placeholder="body { color: white; }"
        onCommit={(css) => update({ properties: { css } }, 'properties.css')}
      />
      <CheckboxField
        label="Interactive"
        hint={layer.properties.interactive ? 'Locked while interactive' : 'Also locks the layer'}
        checked={layer.properties.interactive}
        disabled={disabled}
        onChange={(interactive) => update({ properties: { interactive } }, 'properties.interactive')}
      />
    </Section>
  );
}
