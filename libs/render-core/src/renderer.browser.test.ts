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

const base = (over: Partial<RenderItem>): RenderItem => ({
  id: 'a',
  source: { kind: 'color', color: '#ff0000' },
  width: 32,
  height: 32,
  x: 32,
  y: 32,
  ...over,
});

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
    const r = setup(64, 64, {
      onTextureLoaded: (u: string) => {
        loaded = u;
      },
    });
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

describe('renderer robustness', () => {
  it('logs a corner warp without exactly 4 points once and draws the item untransformed', () => {
    const errors: string[] = [];
    const r = setup(64, 64, { log: { warn: () => undefined, error: (m: string) => errors.push(m) } });
    const gl = (r.canvas as HTMLCanvasElement).getContext('webgl2')!;
    const bad = base({
      warp: {
        kind: 'corners',
        points: [
          { x: 0, y: 0 },
          { x: 10, y: 0 },
          { x: 10, y: 10 },
        ] as never,
      },
    });
    r.render({ width: 64, height: 64, background: '#000000', items: [bad] });
    r.render({ width: 64, height: 64, background: '#000000', items: [bad] });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/exactly 4/);
    expect(readPixel(gl, 32, 32)).toEqual([255, 0, 0, 255]);
  });

  it('skips an invalid mesh but draws the rest of the frame', () => {
    const errors: string[] = [];
    const r = setup(64, 64, { log: { warn: () => undefined, error: (m: string) => errors.push(m) } });
    const gl = (r.canvas as HTMLCanvasElement).getContext('webgl2')!;
    r.render({
      width: 64,
      height: 64,
      background: '#000000',
      items: [
        base({ id: 'mesh', warp: { kind: 'mesh', rows: 2, cols: 2, points: [{ x: 0, y: 0 }] } }),
        base({ id: 'ok', source: { kind: 'color', color: '#00ff00' }, x: 48, width: 16 }),
      ],
    });
    expect(errors[0]).toMatch(/rows\*cols/);
    expect(readPixel(gl, 48, 32)).toEqual([0, 255, 0, 255]);
    expect(readPixel(gl, 24, 32)).toEqual([0, 0, 0, 255]);
  });

  it('draws a crossed (non-convex) corner set as a bilinear quad instead of failing', () => {
    const r = setup();
    const gl = (r.canvas as HTMLCanvasElement).getContext('webgl2')!;
    r.render({
      width: 64,
      height: 64,
      background: '#000000',
      items: [
        base({
          warp: {
            kind: 'corners',
            points: [
              { x: 8, y: 8 },
              { x: 56, y: 56 },
              { x: 56, y: 8 },
              { x: 8, y: 56 },
            ],
          },
        }),
      ],
    });
    expect(readPixel(gl, 16, 32)).toEqual([255, 0, 0, 255]); // the bow-tie's left lobe
    expect(readPixel(gl, 32, 12)).toEqual([0, 0, 0, 255]); // pinched at the centre column
  });

  it('GLSL ES 1.00 loops must be bounded: a uniform-bounded loop is refused by WebGL itself', () => {
    const r = setup();
    r.render({
      width: 64,
      height: 64,
      background: '#000000',
      items: [
        base({
          source: {
            kind: 'shader',
            fragmentSrc: 'uniform int n;\nvoid main() {\n  float k = 0.0;\n  for (int i = 0; i < n; i++) { k += 1.0; }\n  gl_FragColor = vec4(k);\n}',
          },
        }),
      ],
    });
    const errs = r.shaderErrors('a');
    expect(errs.length).toBeGreaterThan(0);
    expect(errs[0]!.line).toBe(4);
  });
});
