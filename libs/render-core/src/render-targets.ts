/** Spec section 9: idle render targets kept per size. */
export const RENDER_TARGET_POOL_MAX_PER_SIZE = 10;

/** A texture with a framebuffer drawing into it. */
export interface RenderTarget {
  texture: WebGLTexture;
  framebuffer: WebGLFramebuffer;
  width: number;
  height: number;
}

/** Pool of RGBA8 render targets keyed by size; keeps at most 10 idle targets per size. */
export class RenderTargetPool {
  private readonly free = new Map<string, RenderTarget[]>();
  private live = 0;

  constructor(
    private readonly gl: WebGLRenderingContext,
    private readonly maxPerSize = RENDER_TARGET_POOL_MAX_PER_SIZE,
  ) {}

  /** Targets created and not yet deleted (pooled or in use). */
  get liveCount(): number {
    return this.live;
  }

  acquire(width: number, height: number): RenderTarget {
    const list = this.free.get(`${width}x${height}`);
    const reused = list?.pop();
    if (reused) return reused;
    const gl = this.gl;
    const texture = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    const framebuffer = gl.createFramebuffer()!;
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.live++;
    return { texture, framebuffer, width, height };
  }

  release(target: RenderTarget): void {
    const key = `${target.width}x${target.height}`;
    const list = this.free.get(key) ?? [];
    if (list.length >= this.maxPerSize) {
      this.destroy(target);
      return;
    }
    list.push(target);
    this.free.set(key, list);
  }

  /** Deletes every pooled target (after a lost context, pass deleteGl = false). */
  clear(deleteGl = true): void {
    for (const list of this.free.values())
      for (const t of list) {
        if (deleteGl) this.destroy(t);
        else this.live--;
      }
    this.free.clear();
  }

  private destroy(t: RenderTarget): void {
    this.gl.deleteTexture(t.texture);
    this.gl.deleteFramebuffer(t.framebuffer);
    this.live--;
  }
}
