// Client-side check of a chosen file before anything is uploaded: the declared type must be one
// the api accepts for the layer kind, and the first bytes must be that type's signature (a text
// file renamed to .png is refused here with a reason, not after a wasted upload). The api checks
// again after upload (design.md section 4 rule 6): this is for the message, not for security.

export type MediaKind = 'image' | 'video';

/** Bytes read from the start of a file to recognise it. */
export const SNIFF_HEAD_BYTES = 16;

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);

interface Signature {
  readonly type: string;
  readonly kind: MediaKind;
  readonly ext: string;
  readonly test: (head: Uint8Array) => boolean;
}

/** The types the api's asset upload accepts (apps/api uploads/media-types.ts), with their signatures. */
const SIGNATURES: readonly Signature[] = [
  { type: 'image/png', kind: 'image', ext: 'png', test: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', kind: 'image', ext: 'jpg', test: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', kind: 'image', ext: 'gif', test: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')) },
  { type: 'image/webp', kind: 'image', ext: 'webp', test: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8) },
  { type: 'video/mp4', kind: 'video', ext: 'mp4', test: (h) => startsWith(h, ascii('ftyp'), 4) },
  { type: 'video/webm', kind: 'video', ext: 'webm', test: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]) },
];

/** What the file picker of each kind offers. */
export const ACCEPT_BY_KIND: Readonly<Record<MediaKind, string>> = {
  image: SIGNATURES.filter((s) => s.kind === 'image')
    .map((s) => s.type)
    .join(','),
  video: SIGNATURES.filter((s) => s.kind === 'video')
    .map((s) => s.type)
    .join(','),
};

export type SniffResult = { readonly ok: true; readonly type: string; readonly kind: MediaKind } | { readonly ok: false; readonly reason: string };

const KIND_WORD: Record<MediaKind, string> = { image: 'an image', video: 'a video' };
const KIND_LIST: Record<MediaKind, string> = { image: 'PNG, JPEG, GIF or WebP', video: 'MP4 or WebM' };

/** The type a file's first bytes say it is, or null when none of the accepted ones. */
export function detectMediaType(head: Uint8Array): Signature | null {
  return SIGNATURES.find((s) => s.test(head)) ?? null;
}

/**
 * Whether a file named `name` starting with `head` is `expected`. The bytes decide, not the
 * declared type: a browser that declares none (or a wrong one for a renamed file) is judged by its
 * content, and the upload declares the detected type.
 */
export function sniffMediaFile(name: string, head: Uint8Array, expected: MediaKind): SniffResult {
  const found = detectMediaType(head);
  const wanted = `"${name}" is not ${KIND_WORD[expected]} the studio can use: choose a ${KIND_LIST[expected]} file.`;
  if (!found) return { ok: false, reason: head.length === 0 ? `"${name}" is empty.` : wanted };
  if (found.kind !== expected)
    return {
      ok: false,
      reason: `"${name}" is ${KIND_WORD[found.kind]}, not ${KIND_WORD[expected]}: ${expected === 'image' ? 'add a video layer for it' : 'add an image layer for it'}.`,
    };
  return { ok: true, type: found.type, kind: found.kind };
}

/** Reads the first bytes of a browser File (or any Blob). */
export async function readHead(file: Blob, bytes = SNIFF_HEAD_BYTES): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}
