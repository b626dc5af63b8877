import { itemCorners } from '@beamstage/render-core';
import type { Corners } from '@beamstage/render-core';
import type { Layer } from '@beamstage/layers';
import { layerGeometryItem } from './describe';

/**
 * The canvas-pixel corners a layer is drawn to, computed exactly as the compositor computes a GL
 * layer's (render-core's itemCorners on the same render item). A mesh-warped DOM layer uses the
 * mesh's outer corners: CSS can only apply one projective transform to an element.
 */
export function layerCorners(layer: Layer): Corners {
  const item = layerGeometryItem(layer, { kind: 'color', color: 'transparent' });
  if (item.warp?.kind === 'mesh') {
    const { rows, cols, points } = item.warp;
    const tl = points[0],
      tr = points[cols - 1],
      br = points[rows * cols - 1],
      bl = points[(rows - 1) * cols];
    if (tl && tr && br && bl) return [tl, tr, br, bl];
    return itemCorners({ ...item, warp: undefined });
  }
  return itemCorners(item);
}

/** Corners scaled from canvas pixels to the displayed size (CSS pixels of the stage). */
export function scaleCorners(corners: Corners, scale: number): Corners {
  const [a, b, c, d] = corners;
  const s = (p: { x: number; y: number }) => ({ x: p.x * scale, y: p.y * scale });
  return [s(a), s(b), s(c), s(d)];
}

/** CSS object-fit for a layer's fit mode ('scale-to-fit' shows the whole content, like contain). */
export function objectFit(fitMode: string | undefined): string {
  switch (fitMode) {
    case 'cover':
    case 'fill':
    case 'none':
      return fitMode;
    default:
      return 'contain';
  }
}
