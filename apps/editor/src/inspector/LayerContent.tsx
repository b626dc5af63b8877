import type { AddressCheck } from './address-check';
import { P5Content, ShaderContent } from './CodeContent';
import { MediaContent } from './MediaContent';
import type { LayerSectionProps } from './section-props';
import { StreamContent } from './StreamContent';
import { HtmlContent, UrlContent } from './WebContent';

/** The content editor of the layer's type (masks' content is in the mask section). */
export function LayerContent({
  layer,
  update,
  disabled,
  checkAddress,
  onOpenCode,
  onSearchGifs,
}: LayerSectionProps & { checkAddress: AddressCheck; onOpenCode: () => void; onSearchGifs?: () => void }) {
  switch (layer.type) {
    case 'image':
    case 'giphy':
    case 'video':
      return (
        <MediaContent
          layer={layer}
          update={update}
          disabled={disabled}
          checkAddress={checkAddress}
          onSearchGifs={layer.type === 'giphy' ? onSearchGifs : undefined}
        />
      );
    case 'url':
      return <UrlContent layer={layer} update={update} disabled={disabled} checkAddress={checkAddress} />;
    case 'html':
      return <HtmlContent layer={layer} update={update} disabled={disabled} onOpenCode={onOpenCode} />;
    case 'fragment-shader':
      return <ShaderContent layer={layer} update={update} disabled={disabled} onOpenCode={onOpenCode} />;
    case 'p5js':
      return <P5Content layer={layer} update={update} disabled={disabled} onOpenCode={onOpenCode} />;
    case 'rtmp':
      return <StreamContent layer={layer} update={update} disabled={disabled} checkAddress={checkAddress} />;
    case 'mask':
    case 'dom_mask':
      return null;
  }
}
