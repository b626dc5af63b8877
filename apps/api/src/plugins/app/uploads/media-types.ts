// What may be uploaded, how big, and how to recognise it from its first bytes (design.md rule 6).

/** Which upload route an object came through. */
export type UploadKind = 'asset' | 'mask';

const MB = 1024 * 1024;

interface MediaType {
  ext: string;
  /** Largest single file of this type, in bytes. */
  maxBytes: number;
  /** True when the first bytes are this type's signature. */
  sniff: (head: Uint8Array) => boolean;
}

const startsWith = (head: Uint8Array, bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
/** SVG is text: allow a BOM, whitespace, an XML declaration or comments before `<svg`. */
const looksLikeSvg = (head: Uint8Array) => /^(\uFEFF)?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(new TextDecoder().decode(head));

const PNG: MediaType = { ext: 'png', maxBytes: 25 * MB, sniff: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) };
const JPEG: MediaType = { ext: 'jpg', maxBytes: 25 * MB, sniff: (h) => startsWith(h, [0xff, 0xd8, 0xff]) };
const GIF: MediaType = { ext: 'gif', maxBytes: 25 * MB, sniff: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')) };
const WEBP: MediaType = { ext: 'webp', maxBytes: 25 * MB, sniff: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8) };
const MP4: MediaType = { ext: 'mp4', maxBytes: 500 * MB, sniff: (h) => startsWith(h, ascii('ftyp'), 4) };
const WEBM: MediaType = { ext: 'webm', maxBytes: 500 * MB, sniff: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]) };
const SVG: MediaType = { ext: 'svg', maxBytes: 2 * MB, sniff: looksLikeSvg };

const ASSET_TYPES: Record<string, MediaType> = {
  'image/png': PNG,
  'image/jpeg': JPEG,
  'image/gif': GIF,
  'image/webp': WEBP,
  'video/mp4': MP4,
  'video/webm': WEBM,
};
// Masks are what the mask tool exports: PNG, or SVG which is sanitised at finalise.
const MASK_TYPES: Record<string, MediaType> = { 'image/png': { ...PNG, maxBytes: 10 * MB }, 'image/svg+xml': SVG };

/** Bytes read from the start of an object to check its signature. */
export const SNIFF_BYTES = 64;

/** The accepted media type for `contentType` through `kind`, or null. */
export function mediaTypeFor(kind: UploadKind, contentType: string): MediaType | null {
  const table = kind === 'mask' ? MASK_TYPES : ASSET_TYPES;
  return Object.hasOwn(table, contentType) ? (table[contentType] as MediaType) : null;
}

/** The content types accepted through `kind`, for error messages. */
export function acceptedTypes(kind: UploadKind): string[] {
  return Object.keys(kind === 'mask' ? MASK_TYPES : ASSET_TYPES);
}
