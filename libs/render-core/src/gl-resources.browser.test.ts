import { describe, expect, it } from 'vitest';
import { GlCore, MIPMAP_THRESHOLD_BYTES } from './gl-core';
import { RenderTargetPool } from './render-targets';
import { newCanvas } from './testing/pixels';

describe('GL resources', () => {
  const gl = newCanvas(4, 4).getContext('webgl2')!;
  const core = new GlCore(gl, true);

  it('gives textures over 4 MB mipmaps and trilinear filtering, smaller ones plain linear', () => {
    const big = new ImageData(1100, 1000); // 4.4 MB
    expect(big.width * big.height * 4).toBeGreaterThan(MIPMAP_THRESHOLD_BYTES);
    const t = core.upload(big, undefined);
    gl.bindTexture(gl.TEXTURE_2D, t.texture);
    expect(gl.getTexParameter(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER)).toBe(gl.LINEAR_MIPMAP_LINEAR);
    const kept = core.upload(big, undefined, true);
    gl.bindTexture(gl.TEXTURE_2D, kept.texture);
    expect(gl.getTexParameter(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER)).toBe(gl.LINEAR);
    const small = core.upload(new ImageData(1000, 1000), undefined); // 4.0 MB, not over
    gl.bindTexture(gl.TEXTURE_2D, small.texture);
    expect(gl.getTexParameter(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER)).toBe(gl.LINEAR);
    expect(core.totals.textureUploads).toBe(3);
  });

  it('pools render targets, keeping at most 10 idle per size', () => {
    const pool = new RenderTargetPool(gl);
    const taken = Array.from({ length: 12 }, () => pool.acquire(16, 16));
    expect(pool.liveCount).toBe(12);
    taken.forEach((t) => pool.release(t));
    expect(pool.liveCount).toBe(10);
    const again = pool.acquire(16, 16);
    expect(taken).toContain(again);
    expect(pool.liveCount).toBe(10);
    pool.acquire(8, 8);
    expect(pool.liveCount).toBe(11);
    pool.clear();
    expect(pool.liveCount).toBe(2); // the two still in use
  });

  it('counts program switches only when the program changes', () => {
    const vs = 'attribute vec3 a_position; void main() { gl_Position = vec4(a_position, 1.0); }';
    const a = core.program('a', vs, 'precision mediump float; void main() { gl_FragColor = vec4(1.0); }');
    const b = core.program('b', vs, 'precision mediump float; void main() { gl_FragColor = vec4(0.5); }');
    core.beginFrame();
    core.use(a);
    core.use(a);
    core.use(b);
    core.use(a);
    expect(core.frame.programSwitches).toBe(3);
  });
});
