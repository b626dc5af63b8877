import type * as twgl from 'twgl.js';
import { parseColor, type Rgba } from './color';
import type { GlCore, GlTexture } from './gl-core';
import { drawPattern } from './patterns';
import type { RenderTarget, RenderTargetPool } from './render-targets';
import { TextureCache, type CacheEnv } from './texture-cache';
import type { RenderItem } from './types';
import { compileUserShader, type CompiledUserShader } from './user-shader-program';
import { SHADER_TEXTURE_MAX_PX, type ShaderError } from './user-shader';

/** What an item draws from this frame: a texture, a flat colour, or nothing yet. */
export type ResolvedSource = { kind: 'texture'; texture: GlTexture; flipY: boolean } | { kind: 'color'; rgba: Rgba } | null;

interface VideoState {
  texture?: GlTexture;
  newFrame: boolean;
  lastTime: number;
  hasCallback: boolean;
}

interface ShaderState {
  source: string;
  compiled: CompiledUserShader;
  target?: RenderTarget;
  lastFrame: number;
  /** Values set last frame: a uniform that leaves the description goes back to zero (GL keeps a program's last value). */
  uniforms?: Record<string, unknown>;
}

export interface SourceOptions {
  loadImage: (url: string) => Promise<TexImageSource>;
  env: CacheEnv;
  preserveQuality: boolean;
  /** A texture finished loading (the renderer redraws). */
  onImageReady: (url: string) => void;
  onImageError: (url: string, error: Error) => void;
  onShaderError: (itemId: string, errors: ShaderError[]) => void;
  /** Draws the full-screen triangle with the current program. */
  drawFullscreen: () => void;
}

/** Turns item sources into textures: image cache, video frames, user shaders, bitmaps, patterns. */
export class SourceManager {
  readonly images: TextureCache<TexImageSource>;
  private readonly imageTextures = new Map<string, GlTexture>();
  private readonly videos = new Map<HTMLVideoElement, VideoState>();
  private readonly bitmaps = new Map<string, { bitmap: unknown; version: number | undefined; texture: GlTexture }>();
  private readonly patterns = new Map<string, GlTexture>();
  private readonly shaders = new Map<string, ShaderState>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private usedUrls = new Set<string>();
  private frameUrls = new Set<string>();
  private frameNo = 0;
  private resolved = new Map<string, ResolvedSource>();

  constructor(
    private readonly core: GlCore,
    private readonly pool: RenderTargetPool,
    private readonly opts: SourceOptions,
  ) {
    this.images = new TextureCache<TexImageSource>({
      load: opts.loadImage,
      env: opts.env,
      evict: (url) => {
        const t = this.imageTextures.get(url);
        if (t) this.core.gl.deleteTexture(t.texture);
        this.imageTextures.delete(url);
      },
    });
  }

  /** Promises of loads still running (each settles after its redraw). */
  pending(): Promise<unknown>[] {
    return [...this.inFlight];
  }

  beginFrame(): void {
    this.frameNo++;
    this.frameUrls = new Set();
    this.resolved = new Map();
  }

  /** Updates image references after a frame and reclaims what is no longer used. */
  endFrame(): void {
    for (const url of this.frameUrls) if (!this.usedUrls.has(url)) this.images.retain(url);
    for (const url of this.usedUrls) if (!this.frameUrls.has(url)) this.images.release(url);
    this.usedUrls = this.frameUrls;
    for (const [id, s] of this.shaders) {
      if (s.lastFrame < this.frameNo - 1) this.dropShader(id, s);
    }
  }

  /** Bytes of GL textures held for sources. */
  textureBytes(): number {
    let n = 0;
    for (const t of this.imageTextures.values()) n += t.bytes;
    for (const v of this.videos.values()) n += v.texture?.bytes ?? 0;
    for (const b of this.bitmaps.values()) n += b.texture.bytes;
    for (const t of this.patterns.values()) n += t.bytes;
    return n;
  }

  shaderErrors(itemId: string): ShaderError[] {
    const s = this.shaders.get(itemId);
    return s && !s.compiled.ok ? s.compiled.errors : [];
  }

  /** The item's source this frame (resolved once per frame, so a mask source is not drawn twice). */
  resolve(item: RenderItem, outW: number, outH: number, timeMs: number): ResolvedSource {
    if (this.resolved.has(item.id)) return this.resolved.get(item.id)!;
    const r = this.resolveNow(item, outW, outH, timeMs);
    this.resolved.set(item.id, r);
    return r;
  }

  private resolveNow(item: RenderItem, outW: number, outH: number, timeMs: number): ResolvedSource {
    const src = item.source;
    switch (src.kind) {
      case 'color':
        return { kind: 'color', rgba: parseColor(src.color) };
      case 'image':
        return this.image(src.url);
      case 'bitmap':
        return this.bitmap(item.id, src.bitmap, src.version);
      case 'video':
        return this.video(src.element, item.visible !== false);
      case 'pattern': {
        const key = `${src.pattern}:${outW}x${outH}`;
        let t = this.patterns.get(key);
        if (!t) {
          t = this.core.upload(drawPattern(src.pattern, outW, outH), undefined, true);
          this.patterns.set(key, t);
        }
        return { kind: 'texture', texture: t, flipY: false };
      }
      case 'shader':
        return this.shader(item, src.fragmentSrc, src.uniforms ?? {}, outW, outH, timeMs);
    }
  }

  private image(url: string): ResolvedSource {
    this.frameUrls.add(url);
    const tex = this.imageTextures.get(url);
    if (tex) {
      this.images.get(url);
      return { kind: 'texture', texture: tex, flipY: false };
    }
    const value = this.images.get(url);
    if (value) {
      const t = this.core.upload(value, undefined, this.opts.preserveQuality);
      this.imageTextures.set(url, t);
      return { kind: 'texture', texture: t, flipY: false };
    }
    if (this.images.state(url) === undefined) {
      const p = this.images.request(url).then(
        () => this.opts.onImageReady(url),
        (e: Error) => this.opts.onImageError(url, e),
      );
      this.inFlight.add(p);
      void p.finally(() => this.inFlight.delete(p));
    }
    return null;
  }

  private bitmap(id: string, bitmap: ImageBitmap | HTMLCanvasElement | OffscreenCanvas | ImageData, version: number | undefined): ResolvedSource {
    const prev = this.bitmaps.get(id);
    if (prev && prev.bitmap === bitmap && prev.version === version) return { kind: 'texture', texture: prev.texture, flipY: false };
    const texture = this.core.upload(bitmap, prev?.texture, this.opts.preserveQuality);
    this.bitmaps.set(id, { bitmap, version, texture });
    return { kind: 'texture', texture, flipY: false };
  }

  /**
   * Uploads a video frame only when a new one was presented (requestVideoFrameCallback, or a
   * changed currentTime where that API is missing), never while paused or hidden; the first
   * frame is uploaded once so a paused video still shows.
   */
  private video(el: HTMLVideoElement, visible: boolean): ResolvedSource {
    let state = this.videos.get(el);
    if (!state) {
      state = { newFrame: false, lastTime: -1, hasCallback: typeof el.requestVideoFrameCallback === 'function' };
      this.videos.set(el, state);
      if (state.hasCallback) {
        const s = state;
        const onFrame = (): void => {
          if (!this.videos.has(el)) return;
          s.newFrame = true;
          el.requestVideoFrameCallback(onFrame);
        };
        el.requestVideoFrameCallback(onFrame);
      }
    }
    const hasData = el.readyState >= 2 && el.videoWidth > 0;
    if (!state.hasCallback && el.currentTime !== state.lastTime) state.newFrame = true;
    const pageHidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    const mayUpload = hasData && (!state.texture || (state.newFrame && !el.paused && !el.ended && visible && !pageHidden));
    if (mayUpload) {
      state.texture = this.core.upload(el, state.texture, true);
      state.newFrame = false;
      state.lastTime = el.currentTime;
    }
    return state.texture ? { kind: 'texture', texture: state.texture, flipY: false } : null;
  }

  private shader(
    item: RenderItem,
    source: string,
    uniforms: Record<string, number | readonly number[]>,
    outW: number,
    outH: number,
    timeMs: number,
  ): ResolvedSource {
    let s = this.shaders.get(item.id);
    if (!s || s.source !== source) {
      if (s) this.dropShader(item.id, s);
      s = { source, compiled: compileUserShader(this.core.gl, this.core.isWebGL2, source), lastFrame: this.frameNo };
      this.shaders.set(item.id, s);
      if (!s.compiled.ok) this.opts.onShaderError(item.id, s.compiled.errors);
    }
    s.lastFrame = this.frameNo;
    if (!s.compiled.ok) return null;
    const w = Math.max(1, Math.min(SHADER_TEXTURE_MAX_PX, Math.round(item.width || outW)));
    const h = Math.max(1, Math.min(SHADER_TEXTURE_MAX_PX, Math.round(item.height || outH)));
    if (!s.target || s.target.width !== w || s.target.height !== h) {
      if (s.target) this.pool.release(s.target);
      s.target = this.pool.acquire(w, h);
    }
    const gl = this.core.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, s.target.framebuffer);
    gl.viewport(0, 0, w, h);
    this.core.blend(null);
    this.core.use(s.compiled.info);
    const values: Record<string, unknown> = { ...uniforms, time: timeMs / 1000, resolution: [w, h] };
    // An undone or deleted uniform is reset to the GPU's default (zero of the same shape).
    if (s.uniforms !== uniforms && s.uniforms) {
      for (const name in s.uniforms) {
        const last = s.uniforms[name];
        if (!(name in values)) values[name] = Array.isArray(last) ? last.map(() => 0) : 0;
      }
    }
    setUniformsSafe(s.compiled.info, values);
    s.uniforms = uniforms;
    this.opts.drawFullscreen();
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return { kind: 'texture', texture: { texture: s.target.texture, width: w, height: h, bytes: w * h * 4 }, flipY: true };
  }

  private dropShader(id: string, s: ShaderState): void {
    if (s.compiled.ok) this.core.gl.deleteProgram(s.compiled.info.program);
    if (s.target) this.pool.release(s.target);
    this.shaders.delete(id);
  }

  /** After a lost context: every GL object is gone; sources re-upload on the next frame. */
  forgetGl(): void {
    this.imageTextures.clear();
    this.videos.clear();
    this.bitmaps.clear();
    this.patterns.clear();
    this.shaders.clear();
  }

  dispose(): void {
    const gl = this.core.gl;
    for (const t of this.imageTextures.values()) gl.deleteTexture(t.texture);
    for (const v of this.videos.values()) if (v.texture) gl.deleteTexture(v.texture.texture);
    for (const b of this.bitmaps.values()) gl.deleteTexture(b.texture.texture);
    for (const t of this.patterns.values()) gl.deleteTexture(t.texture);
    for (const [id, s] of this.shaders) this.dropShader(id, s);
    this.forgetGl();
    this.images.clear();
  }
}

/** twgl throws on values whose type does not match; a user's wrong uniform must not stop the frame. */
function setUniformsSafe(info: twgl.ProgramInfo, values: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(values)) {
    const setter = info.uniformSetters[name] as ((v: unknown) => void) | undefined;
    if (!setter) continue;
    try {
      setter(value);
    } catch {
      // Ignored: a mistyped uniform keeps its previous value.
    }
  }
}
