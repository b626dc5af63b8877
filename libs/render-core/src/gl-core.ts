import * as twgl from 'twgl.js';
import type { GlBlend, GlFactor } from './blend-modes';
import { emptyStats, type FrameStats } from './frame-stats';
import { linkProgram } from './program-link';

/** Bytes above which an uploaded texture gets mipmaps and linear filtering (spec section 9). */
export const MIPMAP_THRESHOLD_BYTES = 4 * 1024 * 1024;

export type Gl = WebGLRenderingContext | WebGL2RenderingContext;

/** A GL texture and its size. */
export interface GlTexture {
  texture: WebGLTexture;
  width: number;
  height: number;
  bytes: number;
}

/**
 * A built-in program failed to link. Its sources are fixed and tested, so this is the GPU failing
 * (seen: SwiftShader losing the context, with the loss event only arriving afterwards), not the
 * user's doing: the renderer skips the frame and draws again once the context is restored.
 */
export class GpuProgramError extends Error {}

/** The thin layer over GL every draw goes through, so draws, uploads and program switches are counted. */
export class GlCore {
  frame: FrameStats = emptyStats();
  readonly totals: FrameStats = emptyStats();
  private current: WebGLProgram | null = null;
  private lastBlend: GlBlend | null | undefined = undefined;
  private readonly programs = new Map<string, twgl.ProgramInfo>();

  constructor(
    readonly gl: Gl,
    readonly isWebGL2: boolean,
  ) {}

  beginFrame(): void {
    this.frame = emptyStats();
  }

  /** A cached program for the sources (attribute 0 = a_position, 1 = a_texcoord). Throws with the log on failure. */
  program(key: string, vs: string, fs: string): twgl.ProgramInfo {
    let info = this.programs.get(key);
    if (!info) {
      const linked = linkProgram(this.gl, vs, fs, ['a_position', 'a_texcoord']);
      if (!linked.ok) throw new GpuProgramError(`Program ${key} failed (${linked.stage}): ${linked.log}`);
      info = twgl.createProgramInfoFromProgram(this.gl, linked.program);
      this.programs.set(key, info);
    }
    return info;
  }

  use(info: twgl.ProgramInfo): void {
    if (this.current === info.program) return;
    this.gl.useProgram(info.program);
    this.current = info.program;
    this.count('programSwitches');
  }

  drawArrays(mode: number, first: number, count: number): void {
    this.gl.drawArrays(mode, first, count);
    this.count('drawCalls');
  }

  drawElements(mode: number, count: number, type: number): void {
    this.gl.drawElements(mode, count, type, 0);
    this.count('drawCalls');
  }

  /** Uploads an image source into a texture (created when absent); premultiplied, top row first. */
  upload(source: TexImageSource, existing: GlTexture | undefined, preserveQuality = false): GlTexture {
    const gl = this.gl;
    const texture = existing?.texture ?? gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
    const { width, height } = sourceSize(source);
    const bytes = width * height * 4;
    const pot = (n: number): boolean => (n & (n - 1)) === 0;
    const mip = bytes > MIPMAP_THRESHOLD_BYTES && !preserveQuality && (this.isWebGL2 || (pot(width) && pot(height)));
    if (mip) gl.generateMipmap(gl.TEXTURE_2D);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, mip ? gl.LINEAR_MIPMAP_LINEAR : gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    this.count('textureUploads');
    return { texture, width, height, bytes };
  }

  /** Applies a fixed-function blend (or disables blending with null). */
  blend(b: GlBlend | null): void {
    const gl = this.gl;
    if (b === this.lastBlend) return;
    this.lastBlend = b;
    if (!b) {
      gl.disable(gl.BLEND);
      return;
    }
    gl.enable(gl.BLEND);
    gl.blendEquationSeparate(b.equation === 'add' ? gl.FUNC_ADD : gl.FUNC_REVERSE_SUBTRACT, gl.FUNC_ADD);
    gl.blendFuncSeparate(this.factor(b.src), this.factor(b.dst), this.factor(b.srcAlpha), this.factor(b.dstAlpha));
  }

  /** Forgets GL objects after a lost context (they are invalid; nothing to delete). */
  reset(): void {
    this.programs.clear();
    this.current = null;
    this.lastBlend = undefined;
  }

  dispose(): void {
    for (const p of this.programs.values()) this.gl.deleteProgram(p.program);
    this.reset();
  }

  private factor(f: GlFactor): number {
    const gl = this.gl;
    switch (f) {
      case 'zero':
        return gl.ZERO;
      case 'one':
        return gl.ONE;
      case 'src-alpha':
        return gl.SRC_ALPHA;
      case 'one-minus-src-alpha':
        return gl.ONE_MINUS_SRC_ALPHA;
      case 'dst-alpha':
        return gl.DST_ALPHA;
      case 'one-minus-dst-alpha':
        return gl.ONE_MINUS_DST_ALPHA;
      case 'one-minus-src-color':
        return gl.ONE_MINUS_SRC_COLOR;
    }
  }

  private count(k: keyof FrameStats): void {
    this.frame[k]++;
    this.totals[k]++;
  }
}

/** Pixel size of a texture source. */
export function sourceSize(s: TexImageSource): { width: number; height: number } {
  if (typeof HTMLVideoElement !== 'undefined' && s instanceof HTMLVideoElement) return { width: s.videoWidth, height: s.videoHeight };
  if (typeof HTMLImageElement !== 'undefined' && s instanceof HTMLImageElement) return { width: s.naturalWidth, height: s.naturalHeight };
  if (typeof VideoFrame !== 'undefined' && s instanceof VideoFrame) return { width: s.displayWidth, height: s.displayHeight };
  return { width: (s as { width: number }).width, height: (s as { height: number }).height };
}
