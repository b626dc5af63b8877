import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** libs/layers' module the player swaps out. */
export const MASK_IMAGE_MODULE = fileURLToPath(new URL('../../../libs/layers/src/schema/mask-image.ts', import.meta.url));

/** libs/layers' MASK_DEFAULT_IMAGE_SIZE_PX and MASK_DEFAULT_DISC_RADIUS_PX (a test keeps them equal). */
const SIZE_PX = 400;
const DISC_RADIUS_PX = 150;

/** The same picture libs/layers encodes as PNG (white, a centred black disc), as SVG. */
export function maskImageSvgModule(): string {
  const size = SIZE_PX;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#fff"/><circle cx="${size / 2}" cy="${size / 2}" r="${DISC_RADIUS_PX}"/></svg>`;
  return [
    `export const MASK_DEFAULT_IMAGE_SIZE_PX = ${size};`,
    `export const MASK_DEFAULT_DISC_RADIUS_PX = ${DISC_RADIUS_PX};`,
    `export const maskDefaultImageDataUrl = () => ${JSON.stringify(`data:image/svg+xml,${encodeURIComponent(svg)}`)};`,
  ].join('\n');
}

/**
 * The player only shows projects; reading one fills a mask layer's missing picture with the
 * default, and libs/layers draws that with its PNG encoder (0.7 KB of the player's 32 KB gzip
 * budget). The player gets the same picture as SVG instead.
 */
export function maskImageAsSvg(): Plugin {
  return {
    name: 'beamstage-player-mask-image-svg',
    enforce: 'pre',
    load: (id) => (id === MASK_IMAGE_MODULE ? maskImageSvgModule() : null),
  };
}
