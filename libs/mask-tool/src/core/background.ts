// Background placement and the layer-background rule (spec sections 5 and 9).
import { LAYER_BACKGROUND_OPACITY, LAYER_BACKGROUND_REPEAT_MS } from './constants';
import type { BackgroundFitMode, Rect } from './types';

/** Where an image of the given size is drawn on a square canvas for a fit mode. */
export function fitRect(mode: BackgroundFitMode, imageWidth: number, imageHeight: number, canvasPx: number): Rect {
  if (mode === 'fill' || imageWidth <= 0 || imageHeight <= 0) return { x: 0, y: 0, width: canvasPx, height: canvasPx };
  const scale =
    mode === 'none'
      ? 1
      : mode === 'contain'
        ? Math.min(canvasPx / imageWidth, canvasPx / imageHeight)
        : Math.max(canvasPx / imageWidth, canvasPx / imageHeight);
  const width = imageWidth * scale,
    height = imageHeight * scale;
  return { x: (canvasPx - width) / 2, y: (canvasPx - height) / 2, width, height };
}

/**
 * The layer fields the mask editor reads (spec section 3). Declared here structurally because
 * @beamstage/layers had no exported Layer type when this was written; any Layer satisfies it.
 */
export interface MaskEditorLayer {
  readonly id: string;
  readonly type: string;
  /** Only content.src is read; typed loosely so every layer kind's content fits. */
  readonly content?: unknown;
  readonly width?: number;
  readonly height?: number;
  readonly opacity?: number;
  readonly x?: number;
  readonly y?: number;
  readonly scale?: { readonly x: number; readonly y: number };
  readonly rotation?: number;
  readonly blendMode?: string;
  readonly visible?: boolean;
}

const BACKGROUND_LAYER_TYPES = new Set(['image', 'video', 'mask', 'giphy']);

export type LayerBackgroundDecision =
  | { readonly kind: 'set'; readonly src: string; readonly mediaKind: 'image' | 'video'; readonly opacity: number }
  | { readonly kind: 'unsupported'; readonly reason: string }
  | { readonly kind: 'repeat' };

/** Remembers the last layer background so the same one is not set again within 1 s. */
export interface LayerBackgroundMemo {
  readonly key: string;
  readonly atMs: number;
}

/** Decides whether and how a layer becomes the editor background (pure; now comes in). */
export function decideLayerBackground(layer: MaskEditorLayer, nowMs: number, last: LayerBackgroundMemo | null): LayerBackgroundDecision {
  const src = layerSource(layer);
  if (!BACKGROUND_LAYER_TYPES.has(layer.type) || typeof src !== 'string' || src === '') {
    return { kind: 'unsupported', reason: `Layer type ${layer.type} is not supported as a mask background` };
  }
  if (last && last.key === `${layer.id}|${src}` && nowMs - last.atMs < LAYER_BACKGROUND_REPEAT_MS) return { kind: 'repeat' };
  return { kind: 'set', src, mediaKind: layer.type === 'video' ? 'video' : 'image', opacity: LAYER_BACKGROUND_OPACITY };
}

/** The memo to keep after a 'set' decision. */
export function layerBackgroundMemo(layer: MaskEditorLayer, nowMs: number): LayerBackgroundMemo {
  return { key: `${layer.id}|${String(layerSource(layer) ?? '')}`, atMs: nowMs };
}

function layerSource(layer: MaskEditorLayer): unknown {
  const content = layer.content;
  return content && typeof content === 'object' ? (content as { src?: unknown }).src : undefined;
}
