import { capitalizeType, createLayer, LAYER_TYPES } from '@beamstage/layers';
import type { Layer, LayerType } from '@beamstage/layers';
import { SAMPLE_IMAGE_PATH } from '../media/samples';
import type { Action } from './action';
import { canEdit } from './context';
import type { EditorContext } from './context';

/** How the Add menu names each type. */
export const LAYER_TYPE_LABELS: Readonly<Record<LayerType, string>> = {
  image: 'Image',
  video: 'Video',
  url: 'Web page (URL)',
  html: 'HTML',
  'fragment-shader': 'Fragment shader',
  giphy: 'GIF (Giphy)',
  p5js: 'p5.js sketch',
  mask: 'Mask',
  dom_mask: 'DOM mask',
  rtmp: 'Live stream (RTMP/HLS)',
};

/** A glyph per type, for the layers panel and menus. */
export const LAYER_TYPE_ICONS: Readonly<Record<LayerType, string>> = {
  image: '▦',
  video: '▶',
  url: '⊕',
  html: '</>',
  'fragment-shader': '✦',
  giphy: 'GIF',
  p5js: 'p5',
  mask: '◐',
  dom_mask: '◑',
  rtmp: '◉',
};

/** Layer types whose content is code: adding one opens the code editor. */
export const CODE_LAYER_TYPES: ReadonlySet<LayerType> = new Set(['html', 'fragment-shader', 'p5js']);

/**
 * A new layer of `type` with the spec's defaults, named and placed by libs/layers. An image starts
 * on the bundled sample so something shows at once; its source is changed in the inspector.
 */
export function newLayerOf(ctx: EditorContext, type: LayerType): Layer | null {
  const project = ctx.store.project;
  if (!project) return null;
  const layer = createLayer(type, { existing: project.layers, canvas: project.canvas, nowMs: ctx.now() });
  if (layer.type === 'image') layer.content.src = `${import.meta.env.BASE_URL}${SAMPLE_IMAGE_PATH}`;
  return layer;
}

/** Adds a layer (DOM layers at the front, canvas layers before the first canvas layer) and selects it. */
export function addLayerOf(ctx: EditorContext, type: LayerType): Layer | null {
  const layer = newLayerOf(ctx, type);
  if (!layer) return null;
  ctx.live.edit({ kind: 'add-layer', layer });
  ctx.live.select(layer.id);
  if (CODE_LAYER_TYPES.has(type)) ctx.store.codeLayerId = layer.id;
  return layer;
}

/**
 * Layer types that need a source before they exist (a file, an address, a stream): their action
 * opens the Add dialog (media/AddLayerDialog.tsx) instead of adding at once.
 */
export const SOURCE_LAYER_TYPES: ReadonlySet<LayerType> = new Set(['image', 'video', 'url', 'giphy', 'rtmp']);

/**
 * Opens the Add dialog for `type`; `at` is the canvas point the layer is centred on (null: the centre).
 * A GIF layer opens the animated-image search instead (spec section 4; gifs/), whose "Use a GIF
 * address instead" leads to the Add dialog's address field.
 */
export function openAddDialog(ctx: EditorContext, type: LayerType, at: { x: number; y: number } | null = null): void {
  if (type === 'giphy') ctx.store.gifSearch = { layerId: null, at };
  else ctx.store.addDialog = { type, at };
}

/** One "Add …" action per layer type; F2 adds a shader layer (spec section 9). */
export const addActions: readonly Action<EditorContext>[] = LAYER_TYPES.map((type): Action<EditorContext> => ({
  id: `add.${type}`,
  label: `Add ${LAYER_TYPE_LABELS[type].toLowerCase().replace(/^gif/, 'GIF').replace(/^html/, 'HTML').replace(/^p5/, 'p5')} layer`,
  group: 'add',
  icon: LAYER_TYPE_ICONS[type],
  ...(type === 'fragment-shader' ? { shortcuts: ['F2'] } : {}),
  keywords: ['new', 'layer', type, capitalizeType(type)],
  enabled: canEdit,
  perform: (ctx) => (SOURCE_LAYER_TYPES.has(type) ? openAddDialog(ctx, type) : void addLayerOf(ctx, type)),
}));
