import { applyCornersStyle } from '@beamstage/render-core';
import type Hls from 'hls.js';
import { isDomLayerType } from '@beamstage/layers';
import type { Layer } from '@beamstage/layers';
import type { StageClock } from './clock';
import { domBlendCss } from './dom-blend';
import { layerCorners, objectFit, scaleCorners } from './dom-placement';
import type { HtmlLayerManager } from './html-layer-manager';
import type { LayerIssue, LoadTracker } from './load-tracker';
import { layerFailedMessage } from './load-tracker';
import { applyMediaSettings, createVideoElement } from './media-element';
import { explainMediaError } from './media-error-cause';
import { SandboxFrame } from './sandbox-frame';
import type { StyleWriter } from './style-writer';
import { checkLayerUrl, type UrlPolicy } from './url-policy';

/** The hls.js class, loaded on first use so pages without stream layers never download it. */
export type HlsModule = typeof Hls;

export interface DomLayerDeps {
  host: HTMLElement;
  sandboxOrigin: string | null;
  parentOrigin: string;
  urlPolicy: UrlPolicy;
  clock: StageClock;
  tracker: LoadTracker;
  html: HtmlLayerManager;
  styles: StyleWriter;
  issue: (issue: LayerIssue) => void;
  loadHls: () => Promise<HlsModule>;
}

interface Entry {
  id: string;
  type: Layer['type'];
  /** What the element shows; a change rebuilds it. */
  key: string;
  el: HTMLElement | null;
  frame?: SandboxFrame;
  hls?: { destroy(): void };
  hung?: boolean;
}

/** The content key of a DOM layer: when it changes, the element is rebuilt. */
function contentKey(layer: Layer): string {
  switch (layer.type) {
    case 'url':
      return `${layer.content.url}|${layer.properties.scrollable}`;
    case 'html':
      return `${layer.content.html}|${layer.properties.css}|${layer.properties.background}`;
    case 'giphy':
      return layer.content.src;
    case 'dom_mask':
      return layer.content.src;
    case 'rtmp':
      return layer.content.fallbackHls;
    default:
      return '';
  }
}

/**
 * The DOM layers of a stage (url, html, giphy, dom_mask, rtmp): one element each in the host over
 * the canvas, placed with render-core's matrix3d on the same corners as a GL layer, stacked in the
 * project's order, with opacity and CSS blend modes. Elements are rebuilt only when their content
 * changes; styles are written only when they change.
 */
export class DomLayers {
  private readonly entries = new Map<string, Entry>();
  private lastLayers: readonly Layer[] = [];
  private lastScale = 1;

  constructor(private readonly deps: DomLayerDeps) {}

  /** The element showing a layer (null while it has none: refused, hung, failed). */
  elementOf(id: string): HTMLElement | null {
    return this.entries.get(id)?.el ?? null;
  }

  /** The user-code frame of an HTML layer. */
  frameOf(id: string): SandboxFrame | null {
    return this.entries.get(id)?.frame ?? null;
  }

  /** Rebuilds a layer's element (a hung HTML layer restarted by the user). */
  restart(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.remove(entry);
    this.entries.delete(id);
    this.sync(this.lastLayers, this.lastScale);
  }

  /** Shows the DOM layers of a front-first layer list at a display scale (CSS px per canvas px). */
  sync(layers: readonly Layer[], scale: number): void {
    this.lastLayers = layers;
    this.lastScale = scale;
    const seen = new Set<string>();
    const domLayers = layers.filter((l) => isDomLayerType(l.type));
    domLayers.forEach((layer, index) => {
      seen.add(layer.id);
      const key = contentKey(layer);
      let entry = this.entries.get(layer.id);
      if (entry && (entry.key !== key || entry.type !== layer.type)) {
        this.remove(entry);
        entry = undefined;
      }
      if (!entry) {
        entry = { id: layer.id, type: layer.type, key, el: null };
        this.entries.set(layer.id, entry);
        this.build(entry, layer);
      }
      if (entry.el) this.place(entry, layer, domLayers.length - index, scale);
    });
    for (const [id, entry] of this.entries) {
      if (!seen.has(id)) {
        this.remove(entry);
        this.entries.delete(id);
      }
    }
  }

  dispose(): void {
    for (const entry of this.entries.values()) this.remove(entry);
    this.entries.clear();
  }

  private place(entry: Entry, layer: Layer, z: number, scale: number): void {
    const el = entry.el!;
    const { styles } = this.deps;
    styles.set(el, 'width', `${layer.width}px`);
    styles.set(el, 'height', `${layer.height}px`);
    if (applyCornersStyle(el, layer.width, layer.height, scaleCorners(layerCorners(layer), scale))) styles.writes += 1;
    styles.set(el, 'z-index', String(z));
    styles.set(el, 'display', layer.visible ? 'block' : 'none');
    styles.set(el, 'opacity', String(Math.min(1, Math.max(0, layer.opacity))));
    if (layer.type === 'dom_mask') {
      // A mask subtracts its light like a GL mask layer: multiply by the inverted image (white
      // hides, black shows); with invert, multiply by the image itself.
      const inverted = layer.content.invert || layer.properties.invert;
      styles.set(el, 'mix-blend-mode', 'multiply');
      styles.set(el, 'filter', inverted ? 'none' : 'invert(1)');
    } else {
      styles.set(el, 'mix-blend-mode', domBlendCss(layer.blendMode));
    }
    const interactive = (layer.type === 'url' || layer.type === 'html') && layer.properties.interactive;
    styles.set(el, 'pointer-events', interactive ? 'auto' : 'none');
    if (layer.type === 'rtmp' && el instanceof HTMLVideoElement) {
      applyMediaSettings(el, {
        src: layer.content.fallbackHls,
        playing: layer.content.playing,
        loop: false,
        muted: layer.content.muted,
        volume: layer.properties.volume,
        playbackRate: 1,
      });
      styles.set(el, 'object-fit', objectFit(layer.properties.fitMode));
    }
    if ((layer.type === 'giphy' || layer.type === 'dom_mask') && el instanceof HTMLImageElement)
      styles.set(el, 'object-fit', objectFit(layer.properties.fitMode));
  }

  private mount(entry: Entry, el: HTMLElement): void {
    el.dataset['layerId'] = entry.id;
    el.dataset['layerType'] = entry.type;
    el.classList.add('bs-dom-layer');
    el.style.position = 'absolute';
    el.style.left = '0';
    el.style.top = '0';
    el.style.boxSizing = 'border-box';
    el.style.margin = '0';
    el.style.border = '0';
    // Its own compositing layer with a fixed raster scale: a corner moved every frame is a
    // compositor change, not a re-raster of the layer's content (bench:dom).
    el.style.willChange = 'transform';
    entry.el = el;
    this.deps.host.appendChild(el);
  }

  private fail(entry: Entry, detail: string, kind: LayerIssue['kind'] = 'error'): void {
    if (kind === 'error') this.deps.tracker.failed(entry.id, detail);
    else this.deps.issue({ layerId: entry.id, kind, message: layerFailedMessage(entry.id), detail });
  }

  private build(entry: Entry, layer: Layer): void {
    const { tracker } = this.deps;
    tracker.start(layer.id, layer.type);
    switch (layer.type) {
      case 'url': {
        const check = checkLayerUrl(layer.content.url, this.deps.urlPolicy);
        if (!check.ok) {
          tracker.drop(layer.id);
          this.fail(entry, check.message, 'refused');
          return;
        }
        const iframe = document.createElement('iframe');
        // Scripts and forms, no popups, no top navigation, and an opaque origin: never
        // allow-same-origin, since a page that redirects to the studio would then run with its origin.
        iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
        iframe.setAttribute('referrerpolicy', 'no-referrer');
        iframe.setAttribute('allow', '');
        iframe.setAttribute('scrolling', layer.properties.scrollable ? 'auto' : 'no');
        iframe.addEventListener('load', () => tracker.loaded(layer.id), { once: true });
        iframe.src = check.url;
        this.mount(entry, iframe);
        return;
      }
      case 'html': {
        if (!this.deps.sandboxOrigin) return this.fail(entry, 'HTML layers run in the sandbox origin, which this page was not given');
        if (!this.deps.html.admit(layer.id, layer.content.html.length)) return this.fail(entry, 'At most 10 HTML layers can run at once: hide or remove one');
        const frame = new SandboxFrame({
          sandboxOrigin: this.deps.sandboxOrigin,
          parentOrigin: this.deps.parentOrigin,
          kind: 'html',
          code: layer.content.html,
          css: layer.properties.css,
          background: layer.properties.background,
          clock: this.deps.clock,
          onReady: () => tracker.loaded(layer.id),
          onError: (message, line) =>
            this.deps.issue({ layerId: layer.id, kind: 'error', message: `Layer ${layer.id}: ${message}`, detail: line !== null ? `line ${line}` : undefined }),
          onLog: () => this.deps.html.touch(layer.id),
          onHung: () => this.hung(entry),
        });
        entry.frame = frame;
        this.mount(entry, frame.iframe);
        return;
      }
      case 'giphy':
      case 'dom_mask': {
        if (!layer.content.src) {
          tracker.drop(layer.id);
          return;
        }
        const img = document.createElement('img');
        img.alt = '';
        img.decoding = 'async';
        img.referrerPolicy = 'no-referrer';
        img.addEventListener('load', () => tracker.loaded(layer.id), { once: true });
        img.addEventListener('error', () => tracker.failed(layer.id, 'The image could not be loaded'), { once: true });
        img.src = layer.content.src;
        this.mount(entry, img);
        return;
      }
      case 'rtmp':
        this.buildStream(entry, layer);
        return;
      default:
        return;
    }
  }

  private buildStream(entry: Entry, layer: Extract<Layer, { type: 'rtmp' }>): void {
    const { tracker } = this.deps;
    const url = layer.content.fallbackHls.trim();
    if (!/^https?:\/\//i.test(url)) {
      // Browsers cannot play RTMP: the stream plays from its HLS fallback (users.md).
      this.fail(entry, "Browsers cannot play RTMP: set the layer's HLS fallback address (https://…/index.m3u8)");
      return;
    }
    const video = createVideoElement();
    video.addEventListener('loadeddata', () => tracker.loaded(layer.id), { once: true });
    video.addEventListener('error', () => void explainMediaError(video.error, video.currentSrc || url).then((detail) => tracker.failed(layer.id, detail)));
    this.mount(entry, video);
    if (video.canPlayType('application/vnd.apple.mpegurl') && !('MediaSource' in window)) {
      video.src = url;
      return;
    }
    this.deps
      .loadHls()
      .then((Hls) => {
        if (entry.el !== video) return;
        if (!Hls.isSupported()) return this.fail(entry, 'This browser cannot play HLS streams');
        const hls = new Hls({ lowLatencyMode: true, liveSyncDurationCount: 2, backBufferLength: 10 });
        entry.hls = hls;
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) tracker.failed(layer.id, `The stream could not be played (${data.details})`);
        });
        hls.loadSource(url);
        hls.attachMedia(video);
      })
      .catch((e: unknown) => this.fail(entry, `The stream player could not be loaded: ${(e as Error).message}`));
  }

  private hung(entry: Entry): void {
    entry.hung = true;
    entry.el = null;
    entry.frame = undefined;
    this.deps.html.release(entry.id);
    this.deps.tracker.drop(entry.id);
    this.deps.issue({
      layerId: entry.id,
      kind: 'hung',
      message: `Layer ${entry.id} stopped responding`,
      detail: 'Its code gave no sign of life for 3 s, so it was removed; restart it from the layer',
    });
  }

  private remove(entry: Entry): void {
    entry.hls?.destroy();
    entry.frame?.dispose();
    if (entry.el instanceof HTMLVideoElement) {
      entry.el.pause();
      entry.el.removeAttribute('src');
      entry.el.load();
    }
    entry.el?.remove();
    entry.el = null;
    if (entry.type === 'html') this.deps.html.release(entry.id);
    this.deps.tracker.drop(entry.id);
  }
}
