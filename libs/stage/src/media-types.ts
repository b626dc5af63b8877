import type { Layer } from '@beamstage/layers';

/** Layer types render-core draws from the render description alone, with no live source or element. */
const GL_ONLY_TYPES: ReadonlySet<string> = new Set(['image', 'fragment-shader', 'mask']);

/**
 * True when a layer list has a layer only the stage's media half draws: video and p5.js (canvas
 * layers with live sources) and every DOM layer (url, html, giphy, dom_mask, rtmp); a type added
 * later counts as needing it. Written as the complement, not with libs/layers' isDomLayerType: a
 * rolldown chunking bug (rolldown#10731) then splits libs/layers' groups module into a chunk of its
 * own that /embed/player.js would have to fetch before it runs.
 */
export function needsStageMedia(layers: readonly Layer[]): boolean {
  return layers.some((l) => !GL_ONLY_TYPES.has(l.type));
}
