import type * as twgl from 'twgl.js';
import { GL_BLENDS, SHADER_BLEND_INDEX, type BlendMode } from './blend-modes';
import type { Rgba } from './color';
import { filtersToColorTransform, type ColorTransform } from './filters';
import { FLOATS_PER_VERTEX, type Bounds, type ItemGeometry } from './geometry';
import type { GlCore } from './gl-core';
import type { RenderTarget, RenderTargetPool } from './render-targets';
import { BLUR_FS, FULLSCREEN_VS, LAYER_FS_BODY, LAYER_VS } from './shaders';
import type { ResolvedSource } from './sources';
import type { RenderFilters } from './types';

/** One draw of one item into the current framebuffer. */
export interface DrawParams {
  geometry: ItemGeometry;
  source: Exclude<ResolvedSource, null>;
  opacity: number;
  mode: BlendMode;
  filters?: RenderFilters;
  mask?: { texture: WebGLTexture; invert: boolean };
  /** Size of the framebuffer drawn into. */
  width: number;
  height: number;
  /** First vertex of this quad in the frame's shared quad buffer (see setFrameQuads). */
  quadFirstVertex?: number;
}

/** Draws items with the right program variant, blend state and (for shader modes) a backdrop copy. */
export class Compositor {
  private vertexBuffer!: WebGLBuffer;
  private indexBuffer!: WebGLBuffer;
  private fullscreenBuffer!: WebGLBuffer;
  private quadBuffer!: WebGLBuffer;
  /** True while the shared quad buffer is bound with its attribute pointers. */
  private quadBound = false;
  private backdrop: RenderTarget | null = null;
  private uint32 = false;

  constructor(
    private readonly core: GlCore,
    private readonly pool: RenderTargetPool,
  ) {
    this.init();
  }

  /** (Re)creates buffers; called again after a restored context. */
  init(): void {
    const gl = this.core.gl;
    this.vertexBuffer = gl.createBuffer()!;
    this.indexBuffer = gl.createBuffer()!;
    this.fullscreenBuffer = gl.createBuffer()!;
    this.quadBuffer = gl.createBuffer()!;
    this.quadBound = false;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.fullscreenBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
    this.uint32 = this.core.isWebGL2 || gl.getExtension('OES_element_index_uint') !== null;
    this.backdrop = null;
  }

  /** Uploads every quad of the frame at once (4 vertices each), so a quad draw is one call. */
  setFrameQuads(vertices: Float32Array): void {
    const gl = this.core.gl;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.quadBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, vertices, gl.STREAM_DRAW);
    this.quadBound = false;
  }

  /** Returns pooled targets at the end of a frame. */
  endFrame(): void {
    if (this.backdrop) this.pool.release(this.backdrop);
    this.backdrop = null;
  }

  /** Binds the full-screen triangle to attribute 0 and draws it with the current program. */
  drawFullscreen = (): void => {
    const gl = this.core.gl;
    this.quadBound = false;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.fullscreenBuffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    gl.disableVertexAttribArray(1);
    this.core.drawArrays(gl.TRIANGLES, 0, 3);
  };

  /** Blurs a target in place (two separable passes) to feather a mask's edges. */
  blur(target: RenderTarget, radiusPx: number): void {
    const gl = this.core.gl;
    const tmp = this.pool.acquire(target.width, target.height);
    const prog = this.core.program('blur', FULLSCREEN_VS, BLUR_FS);
    this.core.use(prog);
    this.core.blend(null);
    const pass = (from: RenderTarget, to: RenderTarget, step: [number, number]): void => {
      gl.bindFramebuffer(gl.FRAMEBUFFER, to.framebuffer);
      gl.viewport(0, 0, to.width, to.height);
      setUniforms(prog, { u_texture: from.texture, u_step: step, u_radius: radiusPx });
      this.drawFullscreen();
    };
    pass(target, tmp, [1 / target.width, 0]);
    pass(tmp, target, [0, 1 / target.height]);
    this.pool.release(tmp);
  }

  draw(p: DrawParams): void {
    const shaderBlend = SHADER_BLEND_INDEX[p.mode];
    if (shaderBlend !== undefined && !this.copyBackdrop(p.geometry.bounds, p.width, p.height)) return;
    const defines = [
      p.source.kind === 'color' ? 'SOURCE_COLOR' : '',
      p.mask ? 'MASK' : '',
      p.filters ? 'FILTERS' : '',
      shaderBlend !== undefined ? 'SHADER_BLEND' : '',
    ].filter(Boolean);
    const key = `layer:${defines.join('+')}`;
    const prog = this.core.program(key, LAYER_VS, defines.map((d) => `#define ${d}\n`).join('') + LAYER_FS_BODY);
    this.core.use(prog);
    const u: Record<string, unknown> = { u_resolution: [p.width, p.height], u_opacity: p.opacity };
    if (p.source.kind === 'color') u['u_color'] = premultiply(p.source.rgba);
    else Object.assign(u, { u_texture: p.source.texture.texture, u_flipY: p.source.flipY ? 1 : 0 });
    if (p.mask) Object.assign(u, { u_mask: p.mask.texture, u_maskInvert: p.mask.invert ? 1 : 0 });
    if (p.filters) Object.assign(u, colorUniforms(filtersToColorTransform(p.filters)));
    if (shaderBlend !== undefined) Object.assign(u, { u_backdrop: this.backdrop!.texture, u_blendMode: shaderBlend });
    setUniforms(prog, u);
    this.core.blend(shaderBlend !== undefined ? null : (GL_BLENDS[p.mode] ?? GL_BLENDS.normal!));
    this.drawGeometry(p.geometry, p.quadFirstVertex);
  }

  /** Draws raw triangles (W = 1) in a flat premultiplied colour with normal blending (grid overlays). */
  drawTriangles(vertices: Float32Array, rgba: Rgba, width: number, height: number): void {
    const prog = this.core.program('layer:SOURCE_COLOR', LAYER_VS, '#define SOURCE_COLOR\n' + LAYER_FS_BODY);
    this.core.use(prog);
    setUniforms(prog, { u_resolution: [width, height], u_opacity: 1, u_color: premultiply(rgba) });
    this.core.blend(GL_BLENDS.normal!);
    this.bindVertices(vertices);
    this.core.drawArrays(this.core.gl.TRIANGLES, 0, vertices.length / FLOATS_PER_VERTEX);
  }

  private drawGeometry(g: ItemGeometry, quadFirstVertex: number | undefined): void {
    const gl = this.core.gl;
    if (g.kind === 'quad' && quadFirstVertex !== undefined) {
      if (!this.quadBound) {
        gl.bindBuffer(gl.ARRAY_BUFFER, this.quadBuffer);
        this.pointers();
        this.quadBound = true;
      }
      this.core.drawArrays(gl.TRIANGLE_FAN, quadFirstVertex, 4);
      return;
    }
    this.bindVertices(g.vertices);
    if (g.kind === 'quad') {
      this.core.drawArrays(gl.TRIANGLE_FAN, 0, 4);
      return;
    }
    if (g.indices instanceof Uint32Array && !this.uint32) throw new Error('Mesh too large for this WebGL1 context');
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, this.indexBuffer);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, g.indices, gl.STREAM_DRAW);
    this.core.drawElements(gl.TRIANGLES, g.indices.length, g.indices instanceof Uint32Array ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT);
  }

  private bindVertices(v: Float32Array): void {
    const gl = this.core.gl;
    this.quadBound = false;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.vertexBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, v, gl.STREAM_DRAW);
    this.pointers();
  }

  private pointers(): void {
    const gl = this.core.gl;
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, FLOATS_PER_VERTEX * 4, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 2, gl.FLOAT, false, FLOATS_PER_VERTEX * 4, 12);
  }

  /**
   * Copies the framebuffer under the item's bounds into the backdrop texture, so the shader can
   * read the destination. Returns false when the item is off-screen.
   */
  private copyBackdrop(b: Bounds, width: number, height: number): boolean {
    const x0 = Math.max(0, Math.floor(b.minX) - 1),
      x1 = Math.min(width, Math.ceil(b.maxX) + 1);
    const y0 = Math.max(0, Math.floor(b.minY) - 1),
      y1 = Math.min(height, Math.ceil(b.maxY) + 1);
    if (x1 <= x0 || y1 <= y0) return false;
    if (this.backdrop && (this.backdrop.width !== width || this.backdrop.height !== height)) {
      this.pool.release(this.backdrop);
      this.backdrop = null;
    }
    this.backdrop ??= this.pool.acquire(width, height);
    const gl = this.core.gl;
    gl.bindTexture(gl.TEXTURE_2D, this.backdrop.texture);
    // Canvas y runs down, GL y up.
    gl.copyTexSubImage2D(gl.TEXTURE_2D, 0, x0, height - y1, x0, height - y1, x1 - x0, y1 - y0);
    return true;
  }
}

function premultiply([r, g, b, a]: Rgba): [number, number, number, number] {
  return [r * a, g * a, b * a, a];
}

function colorUniforms(t: ColorTransform): Record<string, number[]> {
  const m = t.matrix;
  // GLSL matrices are column-major.
  return {
    u_colorMatrix: [m[0]!, m[3]!, m[6]!, 0, m[1]!, m[4]!, m[7]!, 0, m[2]!, m[5]!, m[8]!, 0, 0, 0, 0, 1],
    u_colorOffset: [...t.offset, 0],
  };
}

function setUniforms(prog: twgl.ProgramInfo, values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    const setter = prog.uniformSetters[name] as ((v: unknown) => void) | undefined;
    if (setter) setter(value);
  }
}
