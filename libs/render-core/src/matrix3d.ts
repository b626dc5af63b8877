import { multiplyMat3, squareToQuad } from './homography';
import type { Corners } from './types';

/**
 * CSS `matrix3d(...)` that maps an element of width x height (with `transform-origin: 0 0`,
 * positioned at the canvas origin) onto the corners: the same homography the GL layers use.
 */
export function cornersToMatrix3d(width: number, height: number, corners: Corners): string {
  const h = multiplyMat3(squareToQuad(corners), [1 / width, 0, 0, 0, 1 / height, 0, 0, 0, 1]);
  const s = 1 / h[8];
  const n = (v: number): string => {
    const r = Number((v * s).toPrecision(12));
    return Object.is(r, -0) ? '0' : String(r);
  };
  // CSS matrices are column-major; the homography's z row/column is the identity.
  const m = [h[0], h[3], 0, h[6], h[1], h[4], 0, h[7], 0, 0, h[8], 0, h[2], h[5], 0, h[8]];
  return `matrix3d(${m.map(n).join(', ')})`;
}

const lastKey = new WeakMap<object, string>();

/**
 * Writes transform and transform-origin on a DOM layer so it lines up with the corners; writes
 * nothing when the size and corners are unchanged since the last call for this element.
 * Returns true when it wrote.
 */
export function applyCornersStyle(
  element: { style: { transform: string; transformOrigin: string } },
  width: number,
  height: number,
  corners: Corners,
): boolean {
  const key = `${width},${height},${corners.map((p) => `${p.x},${p.y}`).join(',')}`;
  if (lastKey.get(element) === key) return false;
  lastKey.set(element, key);
  element.style.transformOrigin = '0 0';
  element.style.transform = cornersToMatrix3d(width, height, corners);
  return true;
}
