import { describe, expect, it } from 'vitest';
import { ACCEPT_BY_KIND, detectMediaType, readHead, sniffMediaFile } from './sniff';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0]);
const GIF = bytes('GIF89a', [1, 0]);
const WEBP = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ');
const MP4 = bytes([0, 0, 0, 0x18], 'ftypisom');
const WEBM = bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]);

describe('file sniffing', () => {
  it('recognises each accepted type by its first bytes', () => {
    expect([PNG, JPEG, GIF, WEBP, MP4, WEBM].map((h) => detectMediaType(h)?.type)).toEqual([
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'video/mp4',
      'video/webm',
    ]);
  });

  it('accepts an image by its bytes even when the declared type is missing', () => {
    expect(sniffMediaFile('photo', PNG, 'image')).toEqual({ ok: true, type: 'image/png', kind: 'image' });
    expect(sniffMediaFile('clip.webm', WEBM, 'video')).toEqual({ ok: true, type: 'video/webm', kind: 'video' });
  });

  it('refuses a text file named .png with a reason naming it', () => {
    const r = sniffMediaFile('notes.png', bytes('hello, this is text'), 'image');
    expect(r).toEqual({ ok: false, reason: '"notes.png" is not an image the studio can use: choose a PNG, JPEG, GIF or WebP file.' });
  });

  it('refuses a video chosen as an image and an empty file', () => {
    expect(sniffMediaFile('clip.png', MP4, 'image')).toEqual({ ok: false, reason: '"clip.png" is a video, not an image: add a video layer for it.' });
    expect(sniffMediaFile('empty.png', new Uint8Array(), 'image')).toEqual({ ok: false, reason: '"empty.png" is empty.' });
    expect(sniffMediaFile('a.gif', GIF, 'video').ok).toBe(false);
  });

  it('reads only the head of a blob', async () => {
    const head = await readHead(new Blob([PNG, new Uint8Array(1000)]), 8);
    expect([...head]).toEqual([...PNG.slice(0, 8)]);
  });

  it('offers the accepted types in the pickers', () => {
    expect(ACCEPT_BY_KIND.image).toBe('image/png,image/jpeg,image/gif,image/webp');
    expect(ACCEPT_BY_KIND.video).toBe('video/mp4,video/webm');
  });
});
