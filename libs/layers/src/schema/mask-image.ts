import { base64Encode, encodeGreyPng } from './png';

/** Size of the default mask image in px (spec section 3). */
export const MASK_DEFAULT_IMAGE_SIZE_PX = 400;
/** Radius of the black disc in the default mask image, in px. */
export const MASK_DEFAULT_DISC_RADIUS_PX = 150;

let cached: string | null = null;

/** The mask default image: a 400x400 white PNG with a centred black disc, as a data URL. */
export function maskDefaultImageDataUrl(): string {
  if (cached) return cached;
  const size = MASK_DEFAULT_IMAGE_SIZE_PX;
  const c = size / 2;
  const r2 = MASK_DEFAULT_DISC_RADIUS_PX * MASK_DEFAULT_DISC_RADIUS_PX;
  const png = encodeGreyPng(size, size, (x, y) => ((x + 0.5 - c) ** 2 + (y + 0.5 - c) ** 2 <= r2 ? 0 : 255));
  cached = `data:image/png;base64,${base64Encode(png)}`;
  return cached;
}
