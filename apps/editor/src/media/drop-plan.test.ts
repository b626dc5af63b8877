import { describe, expect, it } from 'vitest';
import { dropPoint, MAX_ASSET_BYTES, planDrop, tooLargeReason } from './drop-plan';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]);
const GIF = new TextEncoder().encode('GIF89a..........');
const MP4 = new Uint8Array([0, 0, 0, 0x20, ...new TextEncoder().encode('ftypisom'), 0, 0, 0, 0]);
const TEXT = new TextEncoder().encode('hello, not media');

describe('planDrop', () => {
  it('takes pictures, GIFs and videos by their bytes and fans them out from the drop point', () => {
    const plan = planDrop(
      [
        { name: 'a.png', size: 100, head: PNG },
        { name: 'notes.png', size: 16, head: TEXT },
        { name: 'b.gif', size: 100, head: GIF },
        { name: 'c.bin', size: 100, head: MP4 },
      ],
      { x: 100, y: 50 },
    );
    expect(plan.map((d) => d.ok)).toEqual([true, false, true, true]);
    expect(plan[0]).toMatchObject({
      type: 'image/png',
      layerType: 'image',
      at: { x: 100, y: 50 },
    });
    // The refused file does not take a place: the next accepted one is one offset on.
    expect(plan[2]).toMatchObject({
      type: 'image/gif',
      layerType: 'giphy',
      at: { x: 120, y: 70 },
    });
    expect(plan[3]).toMatchObject({
      type: 'video/mp4',
      kind: 'video',
      layerType: 'video',
      at: { x: 140, y: 90 },
    });
    expect(plan[1]).toEqual({
      ok: false,
      name: 'notes.png',
      reason: '"notes.png" is not an image or a video the studio can use: drop a PNG, JPEG, GIF, WebP, MP4 or WebM file.',
    });
  });

  it('refuses an empty file and one over the api limit before any upload', () => {
    const big = (MAX_ASSET_BYTES['image/png'] ?? 0) + 5 * 1024 * 1024;
    const plan = planDrop(
      [
        { name: 'empty.png', size: 0, head: new Uint8Array() },
        { name: 'huge.png', size: big, head: PNG },
      ],
      { x: 0, y: 0 },
    );
    expect(plan[0]).toEqual({
      ok: false,
      name: 'empty.png',
      reason: '"empty.png" is empty.',
    });
    expect(plan[1]).toEqual({
      ok: false,
      name: 'huge.png',
      reason: 'File too large: "huge.png" is 30 MB; at most 25 MB for image/png',
    });
    expect(tooLargeReason('v.mp4', 'video/mp4', 600 * 1024 * 1024)).toBe('File too large: "v.mp4" is 600 MB; at most 500 MB for video/mp4');
    expect(tooLargeReason('v.mp4', 'video/mp4', 1024)).toBeNull();
  });
});

describe('dropPoint', () => {
  it('keeps a point on the canvas and sends one off it (or none) to the centre', () => {
    expect(dropPoint({ x: 10, y: 20 }, { width: 800, height: 600 })).toEqual({
      x: 10,
      y: 20,
    });
    expect(dropPoint({ x: -5, y: 20 }, { width: 800, height: 600 })).toEqual({
      x: 400,
      y: 300,
    });
    expect(dropPoint(null, { width: 800, height: 600 })).toEqual({
      x: 400,
      y: 300,
    });
  });
});
