import { afterAll, describe, expect, it } from 'vitest';
import { COLOR_BARS } from './patterns';
import { createRenderer } from './renderer';
import { makeCanvas, newCanvas, readPixel } from './testing/pixels';
import type { RenderItem, RenderSource } from './types';
import type { ShaderError } from './user-shader';

const shaderErrors: Record<string, ShaderError[]> = {};
const canvas = newCanvas(64, 32);
const renderer = createRenderer(canvas, {
  onShaderError: (id, e) => {
    shaderErrors[id] = e;
  },
});
const gl = canvas.getContext('webgl2')!;
afterAll(() => renderer.dispose());

const full = (id: string, source: RenderSource, extra: Partial<RenderItem> = {}): RenderItem => ({ id, source, width: 64, height: 32, x: 32, y: 16, ...extra });
const draw = (items: RenderItem[], timeMs = 0): void => renderer.render({ width: 64, height: 32, background: '#000000', items }, timeMs);
const near = (a: number[], b: number[], tol = 2): void => a.forEach((v, i) => expect(Math.abs(v - b[i]!), `${a} vs ${b}`).toBeLessThanOrEqual(tol));

describe('sources', () => {
  it('bitmap: uploads once per bitmap or version, keeps orientation', async () => {
    const bitmap = await createImageBitmap(makeCanvas(2, 2, (x, y) => (y === 0 ? [255, 0, 0, 255] : x === 0 ? [0, 255, 0, 255] : [0, 0, 255, 255])));
    draw([full('b', { kind: 'bitmap', bitmap })]);
    expect(renderer.frameStats().textureUploads).toBe(1);
    expect(readPixel(gl, 10, 4)).toEqual([255, 0, 0, 255]);
    expect(readPixel(gl, 10, 28)).toEqual([0, 255, 0, 255]);
    expect(readPixel(gl, 54, 28)).toEqual([0, 0, 255, 255]);
    draw([full('b', { kind: 'bitmap', bitmap })]);
    expect(renderer.frameStats().textureUploads).toBe(0);
    draw([full('b', { kind: 'bitmap', bitmap, version: 2 })]);
    expect(renderer.frameStats().textureUploads).toBe(1);
  });

  it('solid colour with alpha over the background', () => {
    draw([full('c', { kind: 'color', color: '#ffffff80' })]);
    near(readPixel(gl, 32, 16), [128, 128, 128, 255]);
  });

  it('patterns at output resolution: colour bars, white, crosshair, numbered grid', () => {
    draw([full('p', { kind: 'pattern', pattern: 'bars' })]);
    COLOR_BARS.forEach((hex, i) => {
      const want = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
      near(readPixel(gl, i * 8 + 4, 16), [...want, 255], 0);
    });
    draw([full('p', { kind: 'pattern', pattern: 'white' })]);
    expect(readPixel(gl, 5, 5)).toEqual([255, 255, 255, 255]);
    draw([full('p', { kind: 'pattern', pattern: 'crosshair' })]);
    expect(readPixel(gl, 32, 16)[0]).toBeGreaterThan(200);
    expect(readPixel(gl, 20, 4)[0]).toBeLessThan(30);
    renderer.render({
      width: 256,
      height: 128,
      background: '#000000',
      items: [{ ...full('p', { kind: 'pattern', pattern: 'grid' }), width: 256, height: 128, x: 128, y: 64 }],
    });
    expect(readPixel(gl, 0, 10)[0]).toBeGreaterThan(200); // the left grid line
    expect(readPixel(gl, 32, 10)[0]).toBeGreaterThan(200); // the second column line (256 / 8 columns)
    expect(readPixel(gl, 4, 4)).toEqual([32, 32, 32, 255]); // cell background
    let text = 0; // the cell number "1" is drawn around the centre of the first cell
    for (let y = 8; y < 24; y++) for (let x = 8; x < 24; x++) if (readPixel(gl, x, y)[0] > 128) text++;
    expect(text).toBeGreaterThan(3);
  });

  it('shader: time in seconds, resolution, declared uniforms', () => {
    const fragmentSrc = 'uniform vec3 tint;\nvoid main() {\n  gl_FragColor = vec4(tint.r, fract(time), gl_FragCoord.x / resolution.x, 1.0);\n}';
    draw([full('s', { kind: 'shader', fragmentSrc, uniforms: { tint: [1, 0, 0] } })], 1250);
    const px = readPixel(gl, 48, 16);
    near(px, [255, 64, Math.round((48.5 / 64) * 255), 255]);
    expect(renderer.shaderErrors('s')).toEqual([]);
  });

  it('shader: a uniform that leaves the description goes back to zero (an undone inspector edit)', () => {
    const fragmentSrc = 'uniform float g;\nuniform vec3 tint;\nvoid main() {\n  gl_FragColor = vec4(tint.r, g, 0.0, 1.0);\n}';
    draw([full('u', { kind: 'shader', fragmentSrc, uniforms: { g: 1, tint: [1, 0, 0] } })]);
    near(readPixel(gl, 8, 8), [255, 255, 0, 255]);
    draw([full('u', { kind: 'shader', fragmentSrc, uniforms: {} })]);
    near(readPixel(gl, 8, 8), [0, 0, 0, 255]);
  });

  it('shader: compile errors come back on the user line', () => {
    draw([full('bad', { kind: 'shader', fragmentSrc: 'void main() {\n  float x = 1.0;\n  gl_FragColor = vec4(missing);\n}' })]);
    const errs = renderer.shaderErrors('bad');
    expect(errs.length).toBeGreaterThan(0);
    expect(errs[0]!.line).toBe(3);
    expect(errs[0]!.message).toMatch(/missing/);
    expect(shaderErrors['bad']).toEqual(errs);
    expect(readPixel(gl, 32, 16)).toEqual([0, 0, 0, 255]);
  });

  it('shader: an endless GLSL ES 3.00 loop is cut off and the frame completes', () => {
    const fragmentSrc =
      '#version 300 es\nprecision highp float;\nout vec4 color;\nvoid main() {\n  float k = 0.0;\n  while (true) { k += 1.0; }\n  color = vec4(0.0, k > 100.0 ? 1.0 : 0.0, 0.0, 1.0);\n}';
    draw([full('loop', { kind: 'shader', fragmentSrc, width: 8, height: 8 } as RenderSource, { width: 8, height: 8, x: 4, y: 4 })]);
    expect(renderer.shaderErrors('loop'), JSON.stringify(renderer.shaderErrors('loop'))).toEqual([]);
    expect(readPixel(gl, 4, 4)).toEqual([0, 255, 0, 255]);
  });

  it('image by URL: a failure is reported, not thrown', async () => {
    const errors: string[] = [];
    const r = createRenderer(newCanvas(8, 8), {
      onTextureError: (url) => errors.push(url),
      loadImage: () => Promise.reject(new Error('nope')),
      log: { warn: () => undefined, error: () => undefined },
    });
    r.render({ width: 8, height: 8, background: '#000000', items: [{ id: 'i', source: { kind: 'image', url: 'x.png' }, width: 8, height: 8, x: 4, y: 4 }] });
    const t0 = performance.now();
    await r.whenIdle();
    expect(errors).toEqual(['x.png']);
    expect(performance.now() - t0).toBeGreaterThan(2900); // retried after 1 s and 2 s
    r.dispose();
  }, 10_000);
});
