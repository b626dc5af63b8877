import { afterEach, describe, expect, it } from 'vitest';
import { createRenderer, type Renderer } from './renderer';
import { makeCanvas, newCanvas, readPixel } from './testing/pixels';
import type { RenderItem } from './types';

const renderers: Renderer[] = [];
function setup(w = 64, h = 64, options = {}): Renderer {
  const r = createRenderer(newCanvas(w, h), options);
  renderers.push(r);
  return r;
}
afterEach(() => {
  for (const r of renderers.splice(0)) r.dispose();
});

const base = (over: Partial<RenderItem>): RenderItem => ({ id: 'a', source: { kind: 'color', color: '#ff0000' }, width: 32, height: 32, x: 32, y: 32, ...over });

describe('renderer basics', () => {
  it('runs on WebGL2 in SwiftShader', () => {
    const r = setup();
    expect(r.isWebGL2).toBe(true);
    expect(r.rendererString).toMatch(/SwiftShader/i);
  });

  it('clears to the background and draws a colour item at its transform', () => {
    const r = setup();
    r.render({ width: 64, height: 64, background: '#0000ff', items: [base({})] });
    const gl = (r.canvas as HTMLCanvasElement).getContext('webgl2')!;
    expect(readPixel(gl, 32, 32)).toEqual([255, 0, 0, 255]);
    expect(readPixel(gl, 2, 2)).toEqual([0, 0, 255, 255]);
    expect(readPixel(gl, 17, 32)).toEqual([255, 0, 0, 255]);
    expect(readPixel(gl, 14, 32)).toEqual([0, 0, 255, 255]);
  });

  it('loads an image by URL, draws again by itself, and resolves whenIdle', async () => {
    const url = makeCanvas(8, 8, () => [0, 255, 0, 255]).toDataURL();
    let loaded = '';
    const r = setup(64, 64, { onTextureLoaded: (u: string) => { loaded = u; } });
    const gl = (r.canvas as HTMLCanvasElement).getContext('webgl2')!;
    r.render({ width: 64, height: 64, background: '#000000', items: [base({ source: { kind: 'image', url } })] });
    expect(readPixel(gl, 32, 32)).toEqual([0, 0, 0, 255]);
    await r.whenIdle();
    expect(loaded).toBe(url);
    expect(readPixel(gl, 32, 32)).toEqual([0, 255, 0, 255]);
  });

  it('falls back to WebGL1 with a warning', () => {
    const warnings: string[] = [];
    const r = setup(64, 64, { forceWebGL1: true, log: { warn: (m: string) => warnings.push(m), error: () => undefined } });
    expect(r.isWebGL2).toBe(false);
    expect(warnings[0]).toMatch(/WebGL1/);
    r.render({ width: 64, height: 64, background: '#000000', items: [base({ blendMode: 'multiply', source: { kind: 'color', color: '#ffffff' } })] });
    const gl = (r.canvas as HTMLCanvasElement).getContext('webgl')!;
    expect(readPixel(gl, 32, 32)).toEqual([0, 0, 0, 255]);
  });
});
