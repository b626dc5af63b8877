import type { Corners, RenderDescription, RenderItem, Warp } from '@beamstage/render-core';

/**
 * The frame drawn at a fraction of its size, the same picture: the canvas and every item's place,
 * size, warp points, mask feather and grid lines scaled; sources, opacity, blend modes, filters and
 * rotation unchanged (a shader renders at its item's scaled size, so its `resolution` follows). A
 * thumbnail's stage draws this way: the fill of a 1920x1080 frame on a software GPU held the main
 * thread for hundreds of milliseconds, only to be shrunk to 160 pixels wide.
 */
export function scaleDescription(desc: RenderDescription, scale: number): RenderDescription {
  const width = Math.max(1, Math.round(desc.width * scale));
  const height = Math.max(1, Math.round(desc.height * scale));
  // Per axis, so that the rounded canvas is filled exactly as the full one was.
  const sx = width / desc.width;
  const sy = height / desc.height;
  const point = (p: { x: number; y: number }) => ({ x: p.x * sx, y: p.y * sy });
  const warp = (w: Warp): Warp =>
    w.kind === 'corners'
      ? { ...w, points: w.points.map(point) as unknown as Corners }
      : {
          ...w,
          points: w.points.map(point),
          ...(w.showGrid ? { showGrid: { ...w.showGrid, thicknessPx: (w.showGrid.thicknessPx ?? 1) * Math.min(sx, sy) } } : {}),
        };
  const item = (i: RenderItem): RenderItem => ({
    ...i,
    x: i.x * sx,
    y: i.y * sy,
    width: i.width * sx,
    height: i.height * sy,
    ...(i.warp ? { warp: warp(i.warp) } : {}),
    ...(i.mask?.feather ? { mask: { ...i.mask, feather: i.mask.feather * Math.min(sx, sy) } } : {}),
  });
  return { ...desc, width, height, items: desc.items.map(item) };
}
