import { isConvexQuad, squareToQuad, transformedCorners } from './homography';
import { evaluateMesh, tessellateMesh, MESH_SUBDIVISIONS_PER_CELL } from './mesh';
import type { Corners, MeshWarp, Point, RenderItem } from './types';

/** Floats per vertex: homogeneous position X, Y, W (canvas px) then u, v. */
export const FLOATS_PER_VERTEX = 5;

/** Vertex data for one item: a 4-vertex projective fan or an indexed triangle mesh. */
export type ItemGeometry =
  { kind: 'quad'; vertices: Float32Array; bounds: Bounds } | { kind: 'mesh'; vertices: Float32Array; indices: Uint16Array | Uint32Array; bounds: Bounds };

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The corners an item is drawn to: its corner warp when valid, else its transformed rect. */
export function itemCorners(item: RenderItem): Corners {
  if (item.warp?.kind === 'corners' && item.warp.points.length === 4) return item.warp.points;
  return transformedCorners(item.x, item.y, item.width, item.height, item.scaleX ?? 1, item.scaleY ?? 1, item.rotation ?? 0);
}

function boundsOf(points: Iterable<Point>): Bounds {
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of points) {
    b.minX = Math.min(b.minX, p.x);
    b.minY = Math.min(b.minY, p.y);
    b.maxX = Math.max(b.maxX, p.x);
    b.maxY = Math.max(b.maxY, p.y);
  }
  return b;
}

/**
 * Perspective quad: each corner's position is H * (u, v, 1) kept homogeneous, so the GPU's
 * perspective-correct interpolation reproduces the homography across both triangles.
 */
export function quadVertices(corners: Corners): Float32Array | null {
  if (!isConvexQuad(corners)) return null;
  const h = squareToQuad(corners);
  const uv: [number, number][] = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ];
  const out = new Float32Array(4 * FLOATS_PER_VERTEX);
  const ws = uv.map(([u, v]) => h[6] * u + h[7] * v + h[8]);
  const sign = ws[0]! < 0 ? -1 : 1;
  uv.forEach(([u, v], i) => {
    const w = ws[i]! * sign;
    const k = i * FLOATS_PER_VERTEX;
    out[k] = corners[i]!.x * w;
    out[k + 1] = corners[i]!.y * w;
    out[k + 2] = w;
    out[k + 3] = u;
    out[k + 4] = v;
  });
  return out;
}

/** Mesh vertices (W = 1) from a tessellated warp. */
export function meshVertices(mesh: MeshWarp): { vertices: Float32Array; indices: Uint16Array | Uint32Array; bounds: Bounds } {
  const g = tessellateMesh(mesh);
  const n = g.positions.length / 2;
  const vertices = new Float32Array(n * FLOATS_PER_VERTEX);
  for (let i = 0; i < n; i++) {
    vertices.set([g.positions[i * 2]!, g.positions[i * 2 + 1]!, 1, g.texcoords[i * 2]!, g.texcoords[i * 2 + 1]!], i * FLOATS_PER_VERTEX);
  }
  const pts: Point[] = [];
  for (let i = 0; i < n; i++) pts.push({ x: g.positions[i * 2]!, y: g.positions[i * 2 + 1]! });
  return { vertices, indices: g.indices, bounds: boundsOf(pts) };
}

/** Geometry for an item; non-convex corner sets fall back to a bilinear 2x2 mesh. */
export function itemGeometry(item: RenderItem): ItemGeometry {
  if (item.warp?.kind === 'mesh') return { kind: 'mesh', ...meshVertices(item.warp) };
  const corners = itemCorners(item);
  const quad = quadVertices(corners);
  if (quad) return { kind: 'quad', vertices: quad, bounds: boundsOf(corners) };
  const [tl, tr, br, bl] = corners;
  return { kind: 'mesh', ...meshVertices({ kind: 'mesh', rows: 2, cols: 2, points: [tl, tr, bl, br], interpolation: 'bilinear' }) };
}

/**
 * Thick lines along the mesh's u and v parameter lines (density lines per cell), as triangles
 * with W = 1, for the show-grid overlay.
 */
export function meshGridTriangles(mesh: MeshWarp, density = 1, thicknessPx = 1): Float32Array {
  const lines: Point[][] = [];
  const steps = Math.max(mesh.cols, mesh.rows) * MESH_SUBDIVISIONS_PER_CELL;
  const nu = (mesh.cols - 1) * Math.max(1, Math.round(density));
  const nv = (mesh.rows - 1) * Math.max(1, Math.round(density));
  for (let i = 0; i <= nu; i++) lines.push(Array.from({ length: steps + 1 }, (_, s) => evaluateMesh(mesh, i / nu, s / steps)));
  for (let j = 0; j <= nv; j++) lines.push(Array.from({ length: steps + 1 }, (_, s) => evaluateMesh(mesh, s / steps, j / nv)));
  const out: number[] = [];
  const half = thicknessPx / 2;
  for (const line of lines) {
    for (let s = 0; s < line.length - 1; s++) {
      const a = line[s]!,
        b = line[s + 1]!;
      const dx = b.x - a.x,
        dy = b.y - a.y,
        len = Math.hypot(dx, dy) || 1;
      const nx = (-dy / len) * half,
        ny = (dx / len) * half;
      // Extend each segment by half the thickness so joints have no gaps.
      const ex = (dx / len) * half,
        ey = (dy / len) * half;
      const p = [
        [a.x - ex + nx, a.y - ey + ny],
        [b.x + ex + nx, b.y + ey + ny],
        [b.x + ex - nx, b.y + ey - ny],
        [a.x - ex + nx, a.y - ey + ny],
        [b.x + ex - nx, b.y + ey - ny],
        [a.x - ex - nx, a.y - ey - ny],
      ];
      for (const [x, y] of p) out.push(x!, y!, 1, 0, 0);
    }
  }
  return new Float32Array(out);
}
