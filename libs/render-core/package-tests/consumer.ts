/* eslint-disable @nx/enforce-module-boundaries -- a stranger's file imports the package by its name, as it is installed */
// A consumer's file, type-checked against the shipped .d.ts (package.test.ts copies it into a folder
// outside the workspace). It names every part of the render description the README lists.
import { applyCornersStyle, BLEND_MODES, cornersToMatrix3d, createRenderer, squareToQuad } from '@beamstage/render-core';
import type { BlendMode, Corners, Mat3, RenderDescription, Renderer, RenderItem } from '@beamstage/render-core';

const corners: Corners = [
  { x: 100, y: 80 },
  { x: 700, y: 120 },
  { x: 650, y: 540 },
  { x: 140, y: 500 },
];
const item: RenderItem = {
  id: 'photo',
  source: { kind: 'image', url: '/photo.jpg' },
  width: 200,
  height: 200,
  x: 400,
  y: 300,
  scaleX: 1,
  scaleY: 1,
  rotation: 0,
  opacity: 1,
  visible: true,
  blendMode: 'screen',
  warp: { kind: 'corners', points: corners },
  filters: { brightness: 1.1 },
};
const mesh: RenderItem = {
  id: 'mesh',
  source: { kind: 'pattern', pattern: 'grid' },
  width: 800,
  height: 600,
  x: 400,
  y: 300,
  warp: {
    kind: 'mesh',
    rows: 2,
    cols: 2,
    points: [
      { x: 0, y: 0 },
      { x: 800, y: 0 },
      { x: 0, y: 600 },
      { x: 800, y: 600 },
    ],
    interpolation: 'bilinear',
  },
  mask: { itemId: 'photo', invert: false, feather: 4 },
};
const description: RenderDescription = { width: 800, height: 600, background: '#000000', items: [item, mesh] };

export async function draw(canvas: HTMLCanvasElement): Promise<number> {
  const renderer: Renderer = createRenderer(canvas, { onTextureError: (url: string, error: Error) => console.error(url, error.message) });
  renderer.render(description, 0);
  await renderer.whenIdle();
  const stats = renderer.frameStats();
  renderer.dispose();
  return stats.drawCalls;
}

export function place(element: HTMLElement): string {
  applyCornersStyle(element, 200, 200, corners);
  return cornersToMatrix3d(200, 200, corners);
}

export const homography: Mat3 = squareToQuad(corners);
export const modes: readonly BlendMode[] = BLEND_MODES;
