import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createDefaultProject, createLayer, defaultLayerName, defaultWarpPoints } from './defaults';
import { createLocalProjectId, createProjectId, isProjectId } from './ids';
import { maskDefaultImageDataUrl } from './mask-image';
import type { ProjectId } from './ids';
import { LAYER_TYPES } from './types';

describe('defaults (spec section 3)', () => {
  it('project defaults', () => {
    const p = createDefaultProject({ id: 'proj_1_x' as ProjectId, nowMs: 0 });
    expect(p.version).toBe('1.0');
    expect(p.metadata.name).toBe('Untitled Project');
    expect(p.metadata.isPublic).toBe(false);
    expect(p.metadata.syncEnabled).toBe(true);
    expect(p.metadata.autoMode).toBe(false);
    expect(p.canvas).toEqual({ width: 800, height: 600, background: '#000000', blendMode: 'normal' });
    expect(p.warpPoints).toEqual([
      { x: 200, y: 150 },
      { x: 600, y: 150 },
      { x: 600, y: 450 },
      { x: 200, y: 450 },
    ]);
    expect(p.timeline).toMatchObject({ duration: 30000, fps: 30, playbackSpeed: 1, playStartTime: 0, playEndTime: 30000 });
    expect(p.history).toEqual({ commands: [], currentIndex: -1 });
    expect(defaultWarpPoints()).toEqual(p.warpPoints);
  });

  it('layer defaults by type', () => {
    const img = createLayer('image');
    expect(img).toMatchObject({ x: 400, y: 300, width: 200, height: 200, opacity: 1, scale: { x: 1, y: 1 }, rotation: 0, blendMode: 'normal' });
    expect(img.content).toEqual({ src: '' });
    expect(img.properties).toEqual({ fitMode: 'contain' });
    expect(createLayer('video').content).toEqual({ src: '', playing: true, loop: true });
    expect(createLayer('video').properties).toEqual({ volume: 1, playbackRate: 1, fitMode: 'contain' });
    expect(createLayer('url').properties).toEqual({ scrollable: false, interactive: false, fitMode: 'scale-to-fit' });
    expect(createLayer('html').properties).toEqual({ background: 'transparent', css: '', interactive: false });
    const sh = createLayer('fragment-shader');
    expect(Object.keys(sh.content.uniforms).sort()).toEqual(['resolution', 'time']);
    expect(sh.content.fragmentSrc).toContain('uniform float time');
    expect(createLayer('p5js').properties).toEqual({ autoRun: true, frameRate: 60 });
    const m = createLayer('mask');
    expect(m.content.invert).toBe(false);
    expect(m.content.fitMode).toBe('contain');
    expect(m.properties).toEqual({ invert: false, fitMode: 'contain', feather: 0 });
    expect(m.blendMode).toBe('subtract');
    expect(createLayer('rtmp').content).toEqual({ url: '', fallbackHls: '', playing: true, muted: false });
    expect(createLayer('rtmp').properties).toEqual({ fitMode: 'contain', volume: 1 });
    expect(createLayer('giphy').properties).toEqual({ fitMode: 'contain' });
    for (const t of LAYER_TYPES) expect(createLayer(t).warp.points).toHaveLength(4);
  });

  it('names: capitalised type plus a count', () => {
    expect(defaultLayerName('image', [])).toBe('Image 1');
    expect(defaultLayerName('image', [{ type: 'image' }, { type: 'video' }, { type: 'image' }])).toBe('Image 3');
    expect(createLayer('fragment-shader', { existing: [{ type: 'fragment-shader' }] }).name).toBe('Fragment-shader 2');
  });

  it('ids', () => {
    const id = createProjectId(1700000000000);
    expect(id).toMatch(/^proj_1700000000000_[0-9a-f]{32}$/);
    expect(isProjectId(id)).toBe(true);
    expect(createProjectId(1)).not.toBe(createProjectId(1));
    expect(createLocalProjectId(42)).toBe('local_42');
  });

  it('mask default image is a 400x400 white PNG with a black disc', () => {
    const url = maskDefaultImageDataUrl();
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(png.readUInt32BE(16)).toBe(400);
    expect(png.readUInt32BE(20)).toBe(400);
    const idatLen = png.readUInt32BE(33);
    expect(png.toString('latin1', 37, 41)).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLen));
    expect(raw.length).toBe(401 * 400);
    const px = (x: number, y: number) => raw[y * 401 + 1 + x];
    expect(px(0, 0)).toBe(255);
    expect(px(399, 399)).toBe(255);
    expect(px(200, 200)).toBe(0);
    expect(url.length).toBeLessThan(20000);
  });
});
