import type { Layer } from '@beamstage/layers';
import type { StageClock } from './clock';
import type { LayerIssue, LoadTracker } from './load-tracker';
import { applyMediaSettings, createVideoElement } from './media-element';
import { explainMediaError } from './media-error-cause';
import { SandboxFrame } from './sandbox-frame';

export interface CanvasMediaDeps {
  /** Where p5 frames live while they run (invisible, but laid out so the browser runs them). */
  host: HTMLElement;
  sandboxOrigin: string | null;
  parentOrigin: string;
  clock: StageClock;
  tracker: LoadTracker;
  issue: (issue: LayerIssue) => void;
  /** A new frame arrived (video decoded, p5 bitmap). */
  requestDraw: () => void;
}

interface VideoEntry {
  src: string;
  el: HTMLVideoElement;
  failed: boolean;
}
interface SketchEntry {
  key: string;
  frame: SandboxFrame | null;
  bitmap: ImageBitmap | null;
  version: number;
  hung: boolean;
}

/**
 * The live sources of canvas layers that are not files: an HTMLVideoElement per video layer
 * (playing, loop, volume, playback rate, muted as the layer says; render-core uploads a frame only
 * when a new one was presented) and a sandboxed runner frame per p5.js layer, whose canvas
 * arrives as transferred ImageBitmaps.
 */
export class CanvasMedia {
  private readonly videos = new Map<string, VideoEntry>();
  private readonly sketches = new Map<string, SketchEntry>();
  private lastLayers: readonly Layer[] = [];

  constructor(private readonly deps: CanvasMediaDeps) {}

  video(id: string): HTMLVideoElement | null {
    const v = this.videos.get(id);
    return v && !v.failed ? v.el : null;
  }

  bitmap(id: string): { bitmap: ImageBitmap; version: number } | null {
    const s = this.sketches.get(id);
    return s?.bitmap ? { bitmap: s.bitmap, version: s.version } : null;
  }

  frameOf(id: string): SandboxFrame | null {
    return this.sketches.get(id)?.frame ?? null;
  }

  /** True when a video or p5 layer is live (the stage then draws every display frame). */
  get animated(): boolean {
    return this.videos.size > 0 || this.sketches.size > 0;
  }

  restart(id: string): void {
    const s = this.sketches.get(id);
    if (!s) return;
    this.dropSketch(id, s);
    this.sync(this.lastLayers);
  }

  sync(layers: readonly Layer[]): void {
    this.lastLayers = layers;
    const seenVideos = new Set<string>();
    const seenSketches = new Set<string>();
    for (const layer of layers) {
      if (layer.type === 'video' && layer.content.src) {
        seenVideos.add(layer.id);
        this.syncVideo(layer);
      } else if (layer.type === 'p5js') {
        seenSketches.add(layer.id);
        this.syncSketch(layer);
      }
    }
    for (const [id, v] of this.videos) if (!seenVideos.has(id)) this.dropVideo(id, v);
    for (const [id, s] of this.sketches) if (!seenSketches.has(id)) this.dropSketch(id, s);
  }

  dispose(): void {
    for (const [id, v] of this.videos) this.dropVideo(id, v);
    for (const [id, s] of this.sketches) this.dropSketch(id, s);
  }

  private syncVideo(layer: Extract<Layer, { type: 'video' }>): void {
    let entry = this.videos.get(layer.id);
    if (entry && entry.src !== layer.content.src) {
      this.dropVideo(layer.id, entry);
      entry = undefined;
    }
    if (!entry) {
      const el = createVideoElement();
      const created: VideoEntry = { src: layer.content.src, el, failed: false };
      entry = created;
      this.videos.set(layer.id, created);
      this.deps.tracker.start(layer.id, 'video');
      el.addEventListener('loadeddata', () => {
        this.deps.tracker.loaded(layer.id);
        this.deps.requestDraw();
      });
      el.addEventListener('error', () => {
        // Never a silent black layer: a video the browser cannot decode says so on the layer.
        created.failed = true;
        this.deps.requestDraw();
        void explainMediaError(el.error, created.src).then((detail) => {
          if (this.videos.get(layer.id) !== created) return; // replaced or removed meanwhile
          if (this.deps.tracker.status(layer.id)?.status === 'loading') this.deps.tracker.failed(layer.id, detail);
          else this.deps.issue({ layerId: layer.id, kind: 'error', message: `Layer ${layer.id} failed to load`, detail });
        });
      });
      el.src = layer.content.src;
    }
    const muted = (layer.content as { muted?: unknown }).muted === true;
    applyMediaSettings(entry.el, {
      src: layer.content.src,
      playing: layer.content.playing,
      loop: layer.content.loop,
      muted,
      volume: layer.properties.volume,
      playbackRate: layer.properties.playbackRate,
    });
  }

  private dropVideo(id: string, v: VideoEntry): void {
    v.el.pause();
    v.el.removeAttribute('src');
    v.el.load();
    this.videos.delete(id);
    this.deps.tracker.drop(id);
  }

  private syncSketch(layer: Extract<Layer, { type: 'p5js' }>): void {
    const key = `${layer.properties.frameRate}|${layer.content.code}`;
    let entry = this.sketches.get(layer.id);
    if (entry && entry.key !== key) {
      this.dropSketch(layer.id, entry);
      entry = undefined;
    }
    if (entry) return;
    const created: SketchEntry = { key, frame: null, bitmap: null, version: 0, hung: false };
    this.sketches.set(layer.id, created);
    const { tracker } = this.deps;
    tracker.start(layer.id, 'p5js');
    if (!this.deps.sandboxOrigin) {
      tracker.failed(layer.id, 'p5.js layers run in the sandbox origin, which this page was not given');
      return;
    }
    const frame = new SandboxFrame({
      sandboxOrigin: this.deps.sandboxOrigin,
      parentOrigin: this.deps.parentOrigin,
      kind: 'p5',
      code: layer.content.code,
      frameRate: layer.properties.frameRate,
      clock: this.deps.clock,
      onFrame: (bitmap) => {
        const old = created.bitmap;
        created.bitmap = bitmap;
        created.version += 1;
        if (created.version === 1) tracker.loaded(layer.id);
        // The compositor uploaded the old frame already; its memory can go now.
        old?.close();
        this.deps.requestDraw();
      },
      onError: (message, line) =>
        this.deps.issue({ layerId: layer.id, kind: 'error', message: `Layer ${layer.id}: ${message}`, detail: line !== null ? `line ${line}` : undefined }),
      onHung: () => {
        created.hung = true;
        created.frame = null;
        created.bitmap?.close();
        created.bitmap = null;
        tracker.drop(layer.id);
        this.deps.issue({
          layerId: layer.id,
          kind: 'hung',
          message: `Layer ${layer.id} stopped responding`,
          detail: 'Its sketch gave no sign of life for 3 s, so it was removed; restart it from the layer',
        });
        this.deps.requestDraw();
      },
    });
    created.frame = frame;
    const el = frame.iframe;
    el.dataset['layerId'] = layer.id;
    el.dataset['layerType'] = 'p5js';
    // Laid out at the layer's size but invisible: browsers pause frames that are not rendered.
    Object.assign(el.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      width: `${layer.width}px`,
      height: `${layer.height}px`,
      opacity: '0',
      pointerEvents: 'none',
      border: '0',
    });
    this.deps.host.appendChild(el);
  }

  private dropSketch(id: string, s: SketchEntry): void {
    s.frame?.dispose();
    s.bitmap?.close();
    this.sketches.delete(id);
    this.deps.tracker.drop(id);
  }
}
