import { MASK_DEFAULT_DISC_RADIUS_PX, MASK_DEFAULT_IMAGE_SIZE_PX } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { maskImageSvgModule } from '../build/mask-image-svg';

describe("the player's mask default picture", () => {
  it("is libs/layers' picture (size and disc) as an SVG data URL, with the same exports", async () => {
    const source = maskImageSvgModule();
    const mod = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as Record<string, unknown>;
    expect(mod['MASK_DEFAULT_IMAGE_SIZE_PX']).toBe(MASK_DEFAULT_IMAGE_SIZE_PX);
    expect(mod['MASK_DEFAULT_DISC_RADIUS_PX']).toBe(MASK_DEFAULT_DISC_RADIUS_PX);
    const url = (mod['maskDefaultImageDataUrl'] as () => string)();
    const svg = decodeURIComponent(url.replace(/^data:image\/svg\+xml,/, ''));
    expect(svg).toContain(`width="${MASK_DEFAULT_IMAGE_SIZE_PX}" height="${MASK_DEFAULT_IMAGE_SIZE_PX}"`);
    expect(svg).toContain(`<circle cx="${MASK_DEFAULT_IMAGE_SIZE_PX / 2}" cy="${MASK_DEFAULT_IMAGE_SIZE_PX / 2}" r="${MASK_DEFAULT_DISC_RADIUS_PX}"/>`);
  });
});
