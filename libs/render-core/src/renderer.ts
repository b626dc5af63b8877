import { effectiveBlendMode } from './blend-modes';
import { parseColor } from './color';
import { Compositor } from './compositor';
import { acquireContext, rendererString } from './context';
import { hasActiveFilters } from './filters';
import type { FrameStats } from './frame-stats';
import { FLOATS_PER_VERTEX, itemCorners, itemGeometry, meshGridTriangles, type ItemGeometry } from './geometry';
import { GlCore, GpuProgramError } from './gl-core';
import { RenderTargetPool, type RenderTarget } from './render-targets';
import { SourceManager } from './sources';
import type { MeshWarp, RenderDescription, RenderItem } from './types';
import type { ShaderError } from './user-shader';

/** Spec section 9: how often the texture cache is checked for textures to reclaim. */
export const TEXTURE_MEMORY_CHECK_MS = 30_000;

/** Options for createRenderer. */
export interface RendererOptions {
  /** Called after an image texture arrived and the renderer drew the last description again. */
  onTextureLoaded?: (url: string) => void;
  /** Called when an image failed after its retries (e.g. "Texture loading timeout after 30000ms"). */
  onTextureError?: (url: string, error: Error) => void;
  /** Called when a shader layer's GLSL does not compile (lines are the user's). */
  onShaderError?: (itemId: string, errors: ShaderError[]) => void;
  /** Called after a lost context was restored and every layer drawn again. */
  onContextRestored?: () => void;
  /** Replaces the default image loader (HTMLImageElement, crossOrigin anonymous). */
  loadImage?: (url: string) => Promise<TexImageSource>;
  /** Skip mipmaps on large textures. */
  preserveQuality?: boolean;
  /** Test hook: use WebGL1 even where WebGL2 exists. */
  forceWebGL1?: boolean;
  /** Where warnings and logged errors go (default console). */
  log?: { warn(message: string): void; error(message: string): void };
}

/** A compositor bound to one canvas and its one WebGL context. */
export interface Renderer {
  readonly canvas: HTMLCanvasElement | OffscreenCanvas;
  readonly isWebGL2: boolean;
  /** The unmasked WebGL renderer string. */
  readonly rendererString: string;
  /** Draws one frame. timeMs drives shader layers' `time` (seconds = timeMs / 1000). */
  render(description: RenderDescription, timeMs?: number): void;
  /** Resolves when no image load is pending (each loaded image has been drawn). */
  whenIdle(): Promise<void>;
  /** Counters of the last frame (draw calls, texture uploads, program switches). */
  frameStats(): FrameStats;
  /** Counters since creation. */
  totalStats(): FrameStats;
  /** Compile errors of a shader item, empty when it compiled. */
  shaderErrors(itemId: string): ShaderError[];
  /** Bytes of GPU textures held for sources (for the memory-pressure figure). */
  textureBytes(): number;
  /**
   * Reclaims cached textures (spec cleanup rules); pass TEXTURE_CACHE_NAVIGATION_MAX_ENTRIES (50)
   * on navigation. Returns how many were dropped.
   */
  cleanupTextures(maxEntries?: number): number;
  /** True while the context is lost (render does nothing then). */
  readonly contextLost: boolean;
  /** The last render was skipped because the GPU failed (a context being lost); a restore redraws. */
  readonly frameFailed: boolean;
  /** Image loads in flight: the last frame drew without those images (they draw when they arrive). */
  readonly loading: boolean;
  dispose(): void;
}

function sameMesh(a: MeshWarp | undefined, b: MeshWarp): boolean {
  if (!a || a.kind !== 'mesh' || a.rows !== b.rows || a.cols !== b.cols || a.interpolation !== b.interpolation || a.points.length !== b.points.length)
    return false;
  for (let i = 0; i < a.points.length; i++) if (a.points[i]!.x !== b.points[i]!.x || a.points[i]!.y !== b.points[i]!.y) return false;
  return true;
}

function defaultLoadImage(url: string): Promise<TexImageSource> {
  const img = new Image();
  img.crossOrigin = 'anonymous';
  img.src = url;
  return img.decode().then(() => img);
}

/** Creates the renderer on a canvas (WebGL2, or WebGL1 with a warning). Throws when there is no WebGL. */
export function createRenderer(canvas: HTMLCanvasElement | OffscreenCanvas, options: RendererOptions = {}): Renderer {
  const log = options.log ?? console;
  const acquired = acquireContext(canvas, { forceWebGL1: options.forceWebGL1, warn: (m) => log.warn(m) });
  if (!acquired) throw new Error('WebGL is not available');
  const core = new GlCore(acquired.gl, acquired.isWebGL2);
  const gl = core.gl;
  const pool = new RenderTargetPool(gl);
  const compositor = new Compositor(core, pool);
  let lastDesc: RenderDescription | null = null;
  let lastTime = 0;
  let lost = false;
  let disposed = false;
  let frameFailed = false;
  let lastMemoryCheck = performance.now();
  const warned = new Set<string>();
  // Geometry per item id, reused while the warp (mesh) or the corners (quad) are unchanged.
  const geoCache = new Map<string, { warp: unknown; corners: number[] | null; geometry: ItemGeometry }>();
  let frameQuads = new Float32Array(64 * 4 * FLOATS_PER_VERTEX);
  let geos = new Map<string, ItemGeometry>();
  let slots = new Map<string, number>();

  const sources = new SourceManager(core, pool, {
    loadImage: options.loadImage ?? defaultLoadImage,
    env: { now: () => performance.now(), setTimer: (fn, ms) => setTimeout(fn, ms), clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    preserveQuality: options.preserveQuality ?? false,
    onImageReady: (url) => {
      if (disposed) return;
      // Called from the loader's promise: a failed redraw is logged here (the next frame tries
      // again), never left to become an unhandled rejection of the image request.
      try {
        if (lastDesc && !lost) render(lastDesc, lastTime);
      } catch (error) {
        log.error(`Redraw after ${url} loaded failed: ${(error as Error).message}`);
      }
      options.onTextureLoaded?.(url);
    },
    onImageError: (url, error) => {
      log.error(`Texture ${url}: ${error.message}`);
      options.onTextureError?.(url, error);
    },
    onShaderError: (id, errors) => options.onShaderError?.(id, errors),
    drawFullscreen: () => compositor.drawFullscreen(),
  });

  function geometryFor(item: RenderItem): ItemGeometry {
    const cached = geoCache.get(item.id);
    if (item.warp?.kind === 'mesh') {
      // Callers often rebuild the description each frame: compare the mesh by value, not identity.
      // A snapshot, so a caller mutating its points in place is still noticed.
      if (cached && sameMesh(cached.warp as MeshWarp | undefined, item.warp)) return cached.geometry;
      const geometry = itemGeometry(item);
      geoCache.set(item.id, { warp: { ...item.warp, points: item.warp.points.map((p) => ({ x: p.x, y: p.y })) }, corners: null, geometry });
      return geometry;
    }
    const c = itemCorners(item);
    const flat = [c[0].x, c[0].y, c[1].x, c[1].y, c[2].x, c[2].y, c[3].x, c[3].y];
    if (cached?.corners && cached.corners.every((v, i) => v === flat[i])) return cached.geometry;
    const geometry = itemGeometry(item);
    geoCache.set(item.id, { warp: item.warp, corners: flat, geometry });
    return geometry;
  }

  /** Geometry of every item drawn this frame; all quads go into one buffer upload. */
  function prepareGeometry(desc: RenderDescription): void {
    const maskIds = new Set(desc.items.filter((i) => i.mask && i.visible !== false).map((i) => i.mask!.itemId));
    geos = new Map();
    slots = new Map();
    let vertices = 0;
    for (const item of desc.items) {
      if (item.visible === false && !maskIds.has(item.id)) continue;
      let g: ItemGeometry;
      try {
        if (item.warp?.kind === 'corners' && item.warp.points.length !== 4)
          throw new Error(`Warp points must be exactly 4 (got ${item.warp.points.length}); drawn without the warp`);
        g = geometryFor(item);
      } catch (error) {
        // A bad warp must not stop the frame: log once per item and message, draw what we can.
        const message = `Item ${item.id}: ${(error as Error).message}`;
        if (!warned.has(message)) {
          warned.add(message);
          log.error(message);
        }
        if (item.warp?.kind !== 'corners') continue;
        g = geometryFor({ ...item, warp: undefined });
      }
      geos.set(item.id, g);
      if (g.kind !== 'quad') continue;
      if ((vertices + 4) * FLOATS_PER_VERTEX > frameQuads.length) {
        const grown = new Float32Array(frameQuads.length * 2);
        grown.set(frameQuads);
        frameQuads = grown;
      }
      frameQuads.set(g.vertices, vertices * FLOATS_PER_VERTEX);
      slots.set(item.id, vertices);
      vertices += 4;
    }
    compositor.setFrameQuads(frameQuads.subarray(0, vertices * FLOATS_PER_VERTEX));
    for (const id of geoCache.keys()) if (!geos.has(id)) geoCache.delete(id);
  }

  /** Draws one item into a framebuffer (null = the canvas); false when its source is not ready. */
  function drawItem(
    item: RenderItem,
    desc: RenderDescription,
    timeMs: number,
    framebuffer: WebGLFramebuffer | null,
    masks: Map<string, RenderTarget | null> | null,
  ): boolean {
    const source = sources.resolve(item, desc.width, desc.height, timeMs);
    if (!source) return false;
    const filtered = hasActiveFilters(item.filters);
    let mask: { texture: WebGLTexture; invert: boolean } | undefined;
    if (item.mask && masks) {
      const target = masks.get(item.id);
      // An unready mask source hides the item; a reference to a missing item masks nothing.
      if (target === null) return false;
      if (target) mask = { texture: target.texture, invert: item.mask.invert ?? false };
    }
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.viewport(0, 0, desc.width, desc.height);
    const geometry = geos.get(item.id);
    if (!geometry) return false;
    compositor.draw({
      geometry,
      quadFirstVertex: slots.get(item.id),
      source,
      opacity: Math.min(1, Math.max(0, item.opacity ?? 1)),
      mode: masks ? effectiveBlendMode(item.blendMode, filtered) : 'normal',
      filters: filtered ? item.filters : undefined,
      mask,
      width: desc.width,
      height: desc.height,
    });
    return true;
  }

  /** Renders each referenced mask item into a pooled target (feathered by a blur). */
  function renderMasks(desc: RenderDescription, timeMs: number): Map<string, RenderTarget | null> {
    const byId = new Map(desc.items.map((i) => [i.id, i]));
    const out = new Map<string, RenderTarget | null>();
    const done = new Map<string, RenderTarget | null>();
    for (const item of desc.items) {
      if (!item.mask || item.visible === false) continue;
      const maskItem = byId.get(item.mask.itemId);
      if (!maskItem || maskItem === item) {
        log.error(`Mask item ${item.mask.itemId} of ${item.id} not found`);
        continue;
      }
      const feather = Math.max(0, item.mask.feather ?? 0);
      const key = `${maskItem.id}@${feather}`;
      if (!done.has(key)) {
        const target = pool.acquire(desc.width, desc.height);
        gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
        gl.viewport(0, 0, desc.width, desc.height);
        gl.clearColor(0, 0, 0, 0);
        gl.clear(gl.COLOR_BUFFER_BIT);
        // A mask is drawn plainly: its own transform, warp, opacity and filters, no blend mode or mask.
        const drawn = drawItem(maskItem, desc, timeMs, target.framebuffer, null);
        if (drawn && feather > 0) compositor.blur(target, feather);
        if (!drawn) pool.release(target);
        done.set(key, drawn ? target : null);
      }
      out.set(item.id, done.get(key)!);
    }
    return out;
  }

  function render(desc: RenderDescription, timeMs = 0): void {
    if (disposed) throw new Error('Renderer disposed');
    lastDesc = desc;
    lastTime = timeMs;
    if (lost || gl.isContextLost()) return;
    if (!(desc.width > 0 && desc.height > 0)) {
      log.error(`Invalid canvas size ${desc.width}x${desc.height}; size unchanged`);
      return;
    }
    try {
      drawFrame(desc, timeMs);
      frameFailed = false;
    } catch (error) {
      if (!(error instanceof GpuProgramError)) throw error;
      // The context is going: skip the frame (the loss event follows; onRestored draws again).
      if (!frameFailed) log.error(`The GPU failed to draw a frame; waiting for it to recover (${error.message.split('\n')[0]})`);
      frameFailed = true;
      compositor.endFrame();
    }
  }

  function drawFrame(desc: RenderDescription, timeMs: number): void {
    if (canvas.width !== desc.width) canvas.width = desc.width;
    if (canvas.height !== desc.height) canvas.height = desc.height;
    core.beginFrame();
    sources.beginFrame();
    prepareGeometry(desc);
    const masks = renderMasks(desc, timeMs);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, desc.width, desc.height);
    const [r, g, b, a] = parseColor(desc.background);
    gl.clearColor(r * a, g * a, b * a, a);
    gl.clear(gl.COLOR_BUFFER_BIT);
    for (const item of desc.items) {
      if (item.visible === false) continue;
      drawItem(item, desc, timeMs, null, masks);
      const w = item.warp;
      if (w?.kind === 'mesh' && w.showGrid) {
        gl.bindFramebuffer(gl.FRAMEBUFFER, null);
        compositor.drawTriangles(
          meshGridTriangles(w, w.showGrid.density ?? 1, w.showGrid.thicknessPx ?? 1),
          parseColor(w.showGrid.color ?? '#00ff88'),
          desc.width,
          desc.height,
        );
      }
    }
    for (const t of new Set(masks.values())) if (t) pool.release(t);
    compositor.endFrame();
    sources.endFrame();
    const now = performance.now();
    if (now - lastMemoryCheck >= TEXTURE_MEMORY_CHECK_MS) {
      lastMemoryCheck = now;
      sources.images.cleanup();
    }
  }

  const onLost = (e: Event): void => {
    e.preventDefault();
    lost = true;
  };
  const onRestored = (): void => {
    lost = false;
    core.reset();
    pool.clear(false);
    sources.forgetGl();
    geoCache.clear();
    compositor.init();
    if (lastDesc) render(lastDesc, lastTime);
    options.onContextRestored?.();
  };
  canvas.addEventListener('webglcontextlost', onLost as EventListener);
  canvas.addEventListener('webglcontextrestored', onRestored as EventListener);

  return {
    canvas,
    isWebGL2: core.isWebGL2,
    rendererString: rendererString(gl),
    render,
    async whenIdle() {
      for (let p = sources.pending(); p.length; p = sources.pending()) await Promise.allSettled(p);
    },
    frameStats: () => ({ ...core.frame }),
    totalStats: () => ({ ...core.totals }),
    shaderErrors: (id) => sources.shaderErrors(id),
    textureBytes: () => sources.textureBytes(),
    cleanupTextures: (maxEntries) => sources.images.cleanup(maxEntries).length,
    get contextLost() {
      return lost;
    },
    get frameFailed() {
      return frameFailed;
    },
    get loading() {
      return sources.pending().length > 0;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      canvas.removeEventListener('webglcontextlost', onLost as EventListener);
      canvas.removeEventListener('webglcontextrestored', onRestored as EventListener);
      sources.dispose();
      compositor.endFrame();
      pool.clear();
      core.dispose();
    },
  };
}
