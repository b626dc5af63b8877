import { createRenderer } from '@beamstage/render-core';
import type { RenderDescription, Renderer, RendererOptions } from '@beamstage/render-core';
import type { Layer } from '@beamstage/layers';
import { browserClock } from './browser-clock';
import type { StageClock } from './clock';
import { projectToRenderDescription } from './describe';
import { sameDescription } from './same-description';
import { scaleDescription } from './scale-description';
import type { StageProject } from './describe';
import { withOutputWarp } from './output-warp';
import type { HlsModule } from './dom-layers';
import type { HtmlLayerReport } from './html-layer-manager';
import { LoadTracker, layerFailedMessage, type LayerIssue, type LoadEntry } from './load-tracker';
import { needsStageMedia } from './media-types';
import { ImagePreloads } from './image-preload';
import { ShaderQuarantine, type QuarantineStorage } from './shader-quarantine';
import type { createStageMedia, StageMedia } from './stage-media';
import { StyleWriter } from './style-writer';

/** An RGBA sample read back from the stage canvas. */
export type Rgba = [number, number, number, number];

/** A shader first drawn this recently when the context was lost is the suspect. */
export const SHADER_SUSPECT_WINDOW_MS = 10_000;
/** With no shader new at a context loss, a second loss within this long quarantines every shader shown. */
export const REPEATED_LOSS_WINDOW_MS = 60_000;
/** How long a read-back waits for a lost GPU context to be restored before it gives up. */
const CONTEXT_RESTORE_WAIT_MS = 10_000;

export interface StageView {
  readonly renderer: Renderer;
  /** The element over the canvas that holds DOM layers (and the invisible p5 frames). */
  readonly domHost: HTMLElement;
  /** Shows a project (or its latest edit); draws at once and again as sources arrive. */
  show(project: StageProject): void;
  /** Resolves when every image of the shown project has been drawn. */
  whenIdle(): Promise<void>;
  /** Reads pixels at canvas coordinates (origin top-left), after drawing the current frame. */
  readPixels(points: readonly { x: number; y: number }[]): Promise<Rgba[]>;
  /** RGBA rows of the whole canvas, top row first (for tests and measurements). */
  readCanvas(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  /**
   * Draws the current frame and hands the canvas to `use` in the same task (a WebGL canvas is
   * blank to drawImage once composited): a thumbnail drawImage()s it onto a small 2D canvas
   * instead of reading every pixel back into JavaScript.
   */
  withDrawnCanvas<T>(use: (canvas: HTMLCanvasElement) => T): Promise<T>;
  /** The element showing a DOM layer, or a user-code frame of an HTML or p5 layer. */
  layerElement(layerId: string): HTMLElement | null;
  /** Starts a layer again: a hung HTML or p5 frame, or a quarantined shader the user trusts. */
  restartLayer(layerId: string): void;
  /** Load status of a layer (spec section 4), while the entry lives. */
  loadStatus(layerId: string): LoadEntry | undefined;
  /** Inline style writes made for DOM layers so far (unchanged layers write none). */
  styleWrites(): number;
  /** Places DOM layers again after the canvas moved or was resized. */
  layout(): void;
  dispose(): void;
}

export interface StageViewOptions extends RendererOptions {
  /** Clock for shader time in milliseconds; default performance.now. */
  now?: () => number;
  /** The sandbox origin for HTML and p5 layers (GET /api/config sandboxOrigin); none: they report it. */
  sandboxOrigin?: string | null;
  /** Origins of the studio (never framed in URL layers); default this page's origin and the sandbox's. */
  studioOrigins?: string[];
  /** Development: URL layers may show http://localhost pages. */
  allowLocalHttp?: boolean;
  /** A layer failed, timed out, hung or was refused: the editor shows a badge and a toast. */
  onLayerIssue?: (issue: LayerIssue) => void;
  onLoadChange?: (entry: LoadEntry) => void;
  /** HTML layer manager reports (every 30 s). */
  onHtmlReport?: (report: HtmlLayerReport) => void;
  /** HTML layer cleanup (spec: off by default, monitor only). */
  htmlCleanup?: boolean;
  /** Where quarantined shaders are remembered; default localStorage. */
  quarantineStorage?: QuarantineStorage | null;
  /** Timers for load time-outs and heartbeats; default the window's. */
  clock?: StageClock;
  /** Loads hls.js (default: a dynamic import, so pages without stream layers never fetch it). */
  loadHls?: () => Promise<HlsModule>;
  /**
   * Frames wider than this are drawn scaled down whole (scaleDescription), the canvas included: a
   * thumbnail's offscreen stage pays the fill of a small picture, not of the project's full size.
   */
  maxDrawWidthPx?: number;
  /**
   * False for a still picture (a thumbnail's offscreen stage): shaders and media are drawn when a
   * frame is shown or read, never again every animation frame. Default true.
   */
  animate?: boolean;
}

/**
 * Where a stage view's media half (videos, user-code frames, DOM layers) comes from: given at once,
 * or loaded the first time a shown project has such a layer (canvas layers draw meanwhile, as while
 * a video is still loading).
 */
export type StageMediaSource = { now: typeof createStageMedia } | { load: () => Promise<typeof createStageMedia> };

function defaultStorage(): QuarantineStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A host element over the canvas, in the canvas's parent: no transform, z-index or opacity, so
 * DOM layers' mix-blend-mode blends with the canvas underneath. */
function createDomHost(canvas: HTMLCanvasElement): HTMLElement {
  const host = document.createElement('div');
  host.className = 'bs-stage-dom';
  host.dataset['testid'] = 'stage-dom-layers';
  Object.assign(host.style, { position: 'absolute', left: '0', top: '0', width: '0', height: '0', overflow: 'hidden', pointerEvents: 'none' });
  canvas.insertAdjacentElement('afterend', host);
  return host;
}

/**
 * Binds a canvas to the compositor and draws projects on it, every layer type: canvas layers
 * through render-core, DOM layers in a host element over the canvas on the same corners, with the
 * media half from `source` (createStageView and createLazyStageView choose it).
 */
export function createStageViewWith(canvas: HTMLCanvasElement, options: StageViewOptions, source: StageMediaSource): StageView {
  const now = options.now ?? (() => performance.now());
  const clock = options.clock ?? browserClock();
  const issue = (i: LayerIssue) => {
    if (options.onLayerIssue) options.onLayerIssue(i);
    else console.warn(`${i.message}${i.detail ? `: ${i.detail}` : ''}`);
  };
  const tracker = new LoadTracker(clock, issue, options.onLoadChange);
  const imageLayers = new Map<string, Set<string>>();
  const userTextureLoaded = options.onTextureLoaded;
  const userTextureError = options.onTextureError;
  const renderer = createRenderer(canvas, {
    ...options,
    onTextureLoaded: (url) => {
      for (const id of imageLayers.get(url) ?? []) tracker.loaded(id);
      userTextureLoaded?.(url);
    },
    onTextureError: (url, error) => {
      for (const id of imageLayers.get(url) ?? []) tracker.failed(id, error.message);
      userTextureError?.(url, error);
    },
  });
  const startMs = now();
  const sandboxOrigin = options.sandboxOrigin ?? null;
  const parentOrigin = window.location.origin;
  const host = createDomHost(canvas);
  const styles = new StyleWriter();
  const quarantine = new ShaderQuarantine(options.quarantineStorage === undefined ? defaultStorage() : options.quarantineStorage);
  let project: StageProject | null = null;
  let frame = 0;
  let disposed = false;
  let scale = 1;
  const shaderFirstDrawn = new Map<string, { src: string; at: number }>();
  const blockedReported = new Set<string>();
  const trusted = new Set<string>();
  const seenImage = new Set<string>();
  // Only for the compositor's own loader: another (options.loadImage) may fetch differently.
  const preloads = options.loadImage ? null : new ImagePreloads();

  const requestDraw = () => {
    if (frame === 0 && !disposed) frame = requestAnimationFrame(tick);
  };
  let media: StageMedia | null = null;
  let mediaLoading = false;
  const startMedia = (create: typeof createStageMedia): StageMedia =>
    create({
      host,
      sandboxOrigin,
      parentOrigin,
      urlPolicy: { studioOrigins: options.studioOrigins ?? [parentOrigin, ...(sandboxOrigin ? [sandboxOrigin] : [])], allowLocalHttp: options.allowLocalHttp },
      clock,
      tracker,
      styles,
      issue,
      requestDraw,
      loadHls: options.loadHls,
      onHtmlReport: options.onHtmlReport,
      htmlCleanup: options.htmlCleanup ?? false,
    });
  if ('now' in source) media = startMedia(source.now);
  // Loads the media half once, when a shown project first has a layer that needs it.
  const ensureMedia = (layers: readonly Layer[]) => {
    if (media || mediaLoading || !('load' in source) || !needsStageMedia(layers)) return;
    mediaLoading = true;
    source.load().then(
      (create) => {
        if (disposed) return;
        media = startMedia(create);
        if (project) media.syncSources(project.layers);
        layout();
        requestDraw();
      },
      (error: unknown) => {
        // The next shown project tries again; until then these layers are reported failed.
        mediaLoading = false;
        const detail = `Could not load the media code: ${error instanceof Error ? error.message : String(error)}`;
        for (const l of project?.layers ?? layers) if (needsStageMedia([l])) issue({ layerId: l.id, kind: 'error', message: layerFailedMessage(l.id), detail });
      },
    );
  };

  const shaderBlocked = (id: string, src: string): boolean => {
    if (!quarantine.has(src) || trusted.has(src)) return false;
    if (!blockedReported.has(`${id}|${src}`)) {
      blockedReported.add(`${id}|${src}`);
      issue({
        layerId: id,
        kind: 'quarantined',
        message: layerFailedMessage(id),
        detail: 'This shader was running when the graphics card stopped (WebGL context lost); it stays paused until you edit it',
      });
    }
    return true;
  };

  function trackImages(layers: readonly Layer[]): void {
    imageLayers.clear();
    for (const l of layers) {
      if ((l.type === 'image' || l.type === 'mask') && l.content.src) {
        const set = imageLayers.get(l.content.src) ?? new Set<string>();
        set.add(l.id);
        imageLayers.set(l.content.src, set);
      }
    }
  }

  /**
   * Where the canvas shows: its CSS box in its parent and its drawing buffer's size then. Read
   * again only when a size changes (the resize observer below, or a new drawing buffer size): a read
   * on every shown frame forced a style and layout pass in the middle of the frame's DOM writes.
   */
  let box: { left: number; top: number; width: number; height: number; buffer: string } | null = null;
  const bufferSize = () => `${canvas.width}x${canvas.height}`;
  function measure(): void {
    box = {
      left: canvas.offsetLeft + canvas.clientLeft,
      top: canvas.offsetTop + canvas.clientTop,
      width: canvas.clientWidth,
      height: canvas.clientHeight,
      buffer: bufferSize(),
    };
  }
  function layout(): void {
    if (!resize || !box || box.buffer !== bufferSize()) measure();
    const { left, top, width: w, height } = box!;
    scale = canvas.width > 0 && w > 0 ? w / canvas.width : 1;
    styles.set(host, 'left', `${left}px`);
    styles.set(host, 'top', `${top}px`);
    styles.set(host, 'width', `${w}px`);
    styles.set(host, 'height', `${height}px`);
    if (project) media?.place(project.layers, scale);
  }

  let lastDrawn: RenderDescription | null = null;
  /** Draws the shown project; a still frame equal to the one on the canvas is skipped unless forced. */
  const draw = (force = false) => {
    if (!project || disposed) return;
    const full = projectToRenderDescription(project, {
      video: (id) => media?.video(id) ?? null,
      bitmap: (id) => media?.bitmap(id) ?? null,
      shaderBlocked,
    });
    const maxWidth = options.maxDrawWidthPx;
    const description = maxWidth && full.width > maxWidth ? scaleDescription(full, maxWidth / full.width) : full;
    const t = now();
    for (const item of description.items) {
      if (item.source.kind !== 'shader') continue;
      const seen = shaderFirstDrawn.get(item.id);
      if (!seen || seen.src !== item.source.fragmentSrc) shaderFirstDrawn.set(item.id, { src: item.source.fragmentSrc, at: t });
    }
    const animated = options.animate !== false && (media?.animated || description.items.some((item) => item.source.kind === 'shader'));
    if (!force && !animated && !renderer.frameFailed && lastDrawn && sameDescription(lastDrawn, description)) return;
    renderer.render(description, t - startMs);
    lastDrawn = animated ? null : description;
    if (animated) requestDraw();
  };
  function tick(): void {
    frame = 0;
    // Asked for by a source (a new video frame, a p5 bitmap, an animation): always drawn.
    draw(true);
  }

  /**
   * Draws for a read-back. Draw and read happen in the same task: without preserveDrawingBuffer the
   * buffer is only valid until compositing. A frame the GPU failed (its context being lost) is
   * drawn again once the context is restored, so a read never returns a half-drawn frame.
   */
  async function drawnForReading(): Promise<void> {
    for (let waited = 0; ; waited += 50) {
      await renderer.whenIdle();
      if (!renderer.contextLost) {
        draw(true);
        // Complete: not failed, and no image reloading (a restored context uploads its textures again).
        if (!renderer.frameFailed && !renderer.loading) return;
      }
      if (waited >= CONTEXT_RESTORE_WAIT_MS) throw new Error('The stage lost its GPU context and it did not come back');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  // A lost context quarantines the shaders that were new when it happened. With none new, one
  // loss is more often the GPU's or the browser's (a driver reset, another frame's process torn
  // down) than a shader's that ran fine for a while, and a venue's projector keeps its show; a
  // second loss within REPEATED_LOSS_WINDOW_MS suspects every shader shown.
  let lastLossAt = Number.NEGATIVE_INFINITY;
  const onLost = () => {
    const t = now();
    const shown = [...shaderFirstDrawn.values()];
    const recent = shown.filter((s) => t - s.at <= SHADER_SUSPECT_WINDOW_MS);
    const suspects = recent.length ? recent : t - lastLossAt <= REPEATED_LOSS_WINDOW_MS ? shown : [];
    lastLossAt = t;
    for (const s of suspects) quarantine.add(s.src);
  };
  canvas.addEventListener('webglcontextlost', onLost);
  // The canvas's place depends on its own size and its parent's (the projector centres it).
  const resize =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => {
          measure();
          layout();
        })
      : null;
  resize?.observe(canvas);
  if (canvas.parentElement) resize?.observe(canvas.parentElement);

  return {
    renderer,
    domHost: host,
    show(shown) {
      // The project's output warp (projector-level corner pin) on top of every layer, GL and DOM alike.
      const next = withOutputWarp(shown);
      project = next;
      trackImages(next.layers);
      // Pictures first: their downloads then run while frames start and the first draw compiles.
      preloads?.start(imageLayers.keys());
      const started: string[] = [];
      for (const l of next.layers) {
        if (l.type !== 'image' || !l.content.src || seenImage.has(`${l.id}|${l.content.src}`)) continue;
        seenImage.add(`${l.id}|${l.content.src}`);
        tracker.start(l.id, 'image');
        started.push(l.id);
      }
      ensureMedia(next.layers);
      media?.syncSources(next.layers);
      layout();
      draw();
      // An image already in the texture cache announces nothing: idle means it is drawn. Errors
      // were reported by then (onTextureError), and loaded() leaves a failed entry failed. Asked
      // after draw(): before it the frame had not requested the image yet, so the renderer was
      // idle at once and a picture still on its way was called loaded ('Loading layers...' went away).
      if (started.length) void renderer.whenIdle().then(() => setTimeout(() => started.forEach((id) => tracker.loaded(id)), 0));
    },
    whenIdle: () => renderer.whenIdle(),
    async readPixels(points) {
      await drawnForReading();
      const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
      if (!gl) throw new Error('The stage canvas has no WebGL context');
      const out = new Uint8Array(4);
      return points.map(({ x, y }) => {
        gl.readPixels(Math.round(x), canvas.height - 1 - Math.round(y), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
        return [out[0] ?? 0, out[1] ?? 0, out[2] ?? 0, out[3] ?? 0];
      });
    },
    async readCanvas() {
      await drawnForReading();
      const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
      if (!gl) throw new Error('The stage canvas has no WebGL context');
      const { width, height } = canvas;
      const raw = new Uint8Array(width * height * 4);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, raw);
      // GL rows are bottom first.
      const data = new Uint8ClampedArray(raw.length);
      for (let y = 0; y < height; y++) data.set(raw.subarray((height - 1 - y) * width * 4, (height - y) * width * 4), y * width * 4);
      return { width, height, data };
    },
    async withDrawnCanvas(use) {
      await drawnForReading();
      return use(canvas);
    },
    layerElement: (id) => media?.elementOf(id) ?? null,
    restartLayer(id) {
      const layer = project?.layers.find((l) => l.id === id);
      if (layer?.type === 'fragment-shader') {
        trusted.add(layer.content.fragmentSrc);
        quarantine.remove(layer.content.fragmentSrc);
        blockedReported.delete(`${id}|${layer.content.fragmentSrc}`);
      }
      media?.restart(id);
      draw(true);
    },
    loadStatus: (id) => tracker.status(id),
    styleWrites: () => styles.writes,
    layout() {
      // Told that the canvas moved: its place is read again.
      measure();
      layout();
    },
    dispose() {
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      canvas.removeEventListener('webglcontextlost', onLost);
      resize?.disconnect();
      media?.dispose();
      tracker.dispose();
      host.remove();
      renderer.dispose();
    },
  };
}
