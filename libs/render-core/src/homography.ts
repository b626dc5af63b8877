import type { Corners, Point } from './types';

/** Row-major 3x3 matrix [a b c; d e f; g h i] mapping (x, y, 1) to homogeneous (X, Y, W). */
export type Mat3 = readonly [number, number, number, number, number, number, number, number, number];

/** The homography taking the unit square (0,0),(1,0),(1,1),(0,1) to the corners TL, TR, BR, BL (Heckbert). */
export function squareToQuad(corners: Corners): Mat3 {
  const [p0, p1, p2, p3] = corners;
  const dx1 = p1.x - p2.x,
    dx2 = p3.x - p2.x,
    dx3 = p0.x - p1.x + p2.x - p3.x;
  const dy1 = p1.y - p2.y,
    dy2 = p3.y - p2.y,
    dy3 = p0.y - p1.y + p2.y - p3.y;
  let g = 0,
    h = 0;
  if (dx3 !== 0 || dy3 !== 0) {
    const den = dx1 * dy2 - dx2 * dy1;
    if (den === 0) throw new Error('Degenerate quad: three corners on a line');
    g = (dx3 * dy2 - dx2 * dy3) / den;
    h = (dx1 * dy3 - dx3 * dy1) / den;
  }
  const m: Mat3 = [p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x, p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y, g, h, 1];
  const det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
  if (Math.abs(det) < 1e-9) throw new Error('Degenerate quad: three corners on a line');
  return m;
}

/** Matrix product a * b. */
export function multiplyMat3(a: Mat3, b: Mat3): Mat3 {
  const r: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) r.push(a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!);
  }
  return r as unknown as Mat3;
}

/** Inverse of a 3x3 matrix (throws when singular). */
export function invertMat3(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h,
    B = -(d * i - f * g),
    C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) throw new Error('Singular homography');
  const s = 1 / det;
  return [A * s, -(b * i - c * h) * s, (b * f - c * e) * s, B * s, (a * i - c * g) * s, -(a * f - c * d) * s, C * s, -(a * h - b * g) * s, (a * e - b * d) * s];
}

/** The homography taking quad `from` to quad `to` (both TL, TR, BR, BL). */
export function quadToQuad(from: Corners, to: Corners): Mat3 {
  return multiplyMat3(squareToQuad(to), invertMat3(squareToQuad(from)));
}

/** Applies a homography to a point (with the perspective divide). */
export function applyHomography(m: Mat3, p: Point): Point {
  const w = m[6] * p.x + m[7] * p.y + m[8];
  return { x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w };
}

/** True when the four corners form a convex quad without crossing edges (a valid perspective target). */
export function isConvexQuad(corners: Corners): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = corners[i]!,
      b = corners[(i + 1) % 4]!,
      c = corners[(i + 2) % 4]!;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross === 0) return false;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** The corners of a width x height rect centred at (x, y), scaled and rotated (degrees, clockwise). */
export function transformedCorners(x: number, y: number, width: number, height: number, scaleX = 1, scaleY = 1, rotationDeg = 0): Corners {
  const rad = (rotationDeg * Math.PI) / 180;
  const cos = Math.cos(rad),
    sin = Math.sin(rad);
  const hw = (width * scaleX) / 2,
    hh = (height * scaleY) / 2;
  const at = (dx: number, dy: number): Point => ({ x: x + dx * cos - dy * sin, y: y + dx * sin + dy * cos });
  return [at(-hw, -hh), at(hw, -hh), at(hw, hh), at(-hw, hh)];
}
