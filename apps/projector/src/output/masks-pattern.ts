import { createLayer, defaultLayerWarp, type Layer, type LayerId, type ProjectJson } from '@beamstage/layers';

/** Id of the white layer the 'masks' pattern puts under the project's masks. */
export const WHITE_LAYER_ID = '@output-white' as LayerId;

const isMask = (layer: Layer) => layer.type === 'mask' || layer.type === 'dom_mask';

/**
 * The 'white through masks' test pattern as a project for the stage: the canvas filled with white
 * and only the project's masks above it (they subtract as they do in the show), so the operator
 * sees exactly which areas of the wall the masks keep dark. The list is front first.
 */
export function whiteThroughMasks(project: ProjectJson, whiteSrc: string): ProjectJson {
  const { width, height } = project.canvas;
  const white = createLayer('image', { id: WHITE_LAYER_ID, name: 'White', canvas: project.canvas });
  white.width = width;
  white.height = height;
  white.x = width / 2;
  white.y = height / 2;
  white.warp = defaultLayerWarp(width / 2, height / 2, width, height);
  white.content = { src: whiteSrc };
  return { ...project, layers: [...project.layers.filter(isMask), white] };
}
