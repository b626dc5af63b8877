// Everything of a stage that is not WebGL: video elements, sandboxed p5 and HTML frames, URL, GIF,
// DOM-mask and stream layers. One module, so a page whose projects never have such layers (the
// embedded player) can load it only when a shown project needs it (createLazyStageView).
import type { Layer } from '@beamstage/layers';
import { CanvasMedia } from './canvas-media';
import { DomLayers, type DomLayerDeps, type HlsModule } from './dom-layers';
import { HtmlLayerManager, type HtmlLayerReport } from './html-layer-manager';

/** What the DOM layers need (dom-layers.ts), less what the media half makes itself. */
export interface StageMediaDeps extends Omit<DomLayerDeps, 'html' | 'loadHls'> {
  /** A new frame arrived (video decoded, p5 bitmap). */
  requestDraw: () => void;
  /** Loads hls.js (default: a dynamic import, so pages without stream layers never fetch it). */
  loadHls?: () => Promise<HlsModule>;
  onHtmlReport?: (report: HtmlLayerReport) => void;
  htmlCleanup: boolean;
}

/** The live, non-GL sources of a stage: what describe() asks for and the DOM layers over the canvas. */
export interface StageMedia {
  video(id: string): HTMLVideoElement | null;
  bitmap(id: string): { bitmap: ImageBitmap; version: number } | null;
  /** True when a video or p5 layer is live (the stage then draws every display frame). */
  readonly animated: boolean;
  /** Starts, updates or stops videos and p5 frames for the shown layers. */
  syncSources(layers: readonly Layer[]): void;
  /** Places the DOM layers at the canvas's display scale. */
  place(layers: readonly Layer[], scale: number): void;
  /** The element showing a DOM layer, or the user-code frame of an HTML or p5 layer. */
  elementOf(id: string): HTMLElement | null;
  restart(id: string): void;
  dispose(): void;
}

/** Creates the media half of a stage view; the HTML layer manager starts at once. */
export function createStageMedia(deps: StageMediaDeps): StageMedia {
  const { host, sandboxOrigin, parentOrigin, clock, tracker, styles, issue } = deps;
  const hideLayer = (id: string) => {
    const el = dom.elementOf(id);
    if (el) styles.set(el, 'visibility', 'hidden');
  };
  const html = new HtmlLayerManager({
    clock,
    cleanupEnabled: deps.htmlCleanup,
    onReport: deps.onHtmlReport,
    onHide: (ids) => ids.forEach(hideLayer),
    onRemove: (ids) => ids.forEach(hideLayer),
  });
  html.start();
  const media = new CanvasMedia({ host, sandboxOrigin, parentOrigin, clock, tracker, issue, requestDraw: deps.requestDraw });
  const dom = new DomLayers({
    host,
    sandboxOrigin,
    parentOrigin,
    urlPolicy: deps.urlPolicy,
    clock,
    tracker,
    html,
    styles,
    issue,
    loadHls: deps.loadHls ?? (() => import('hls.js').then((m) => m.default)),
  });
  return {
    video: (id) => media.video(id),
    bitmap: (id) => media.bitmap(id),
    get animated() {
      return media.animated;
    },
    syncSources: (layers) => media.sync(layers),
    place: (layers, scale) => dom.sync(layers, scale),
    elementOf: (id) => dom.elementOf(id) ?? media.frameOf(id)?.iframe ?? dom.frameOf(id)?.iframe ?? null,
    restart(id) {
      dom.restart(id);
      media.restart(id);
    },
    dispose() {
      html.stop();
      dom.dispose();
      media.dispose();
    },
  };
}
