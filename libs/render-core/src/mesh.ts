import type { MeshWarp, Point } from './types';

/** Subdivisions per mesh cell side when tessellating: smooth enough for a curved bicubic cell. */
export const MESH_SUBDIVISIONS_PER_CELL = 16;

/** A regular rows x cols grid of control points spanning a rect (row-major, top-left first). */
export function createMeshPoints(rows: number, cols: number, x: number, y: number, width: number, height: number): Point[] {
  const points: Point[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) points.push({ x: x + (width * c) / (cols - 1), y: y + (height * r) / (rows - 1) });
  }
  return points;
}

function catmullRom(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const t2 = t * t,
    t3 = t2 * t;
  return 0.5 * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (-p0 + 3 * p1 - 3 * p2 + p3) * t3);
}

/** Control point (r, c), linearly extrapolated beyond the edges (p[-1] = 2 p[0] - p[1]) so edge cells stay natural. */
function controlAt(mesh: MeshWarp, r: number, c: number): Point {
  const mirror = (a: Point, b: Point): Point => ({ x: 2 * a.x - b.x, y: 2 * a.y - b.y });
  if (r < 0) return mirror(controlAt(mesh, 0, c), controlAt(mesh, 1, c));
  if (r >= mesh.rows) return mirror(controlAt(mesh, mesh.rows - 1, c), controlAt(mesh, mesh.rows - 2, c));
  if (c < 0) return mirror(controlAt(mesh, r, 0), controlAt(mesh, r, 1));
  if (c >= mesh.cols) return mirror(controlAt(mesh, r, mesh.cols - 1), controlAt(mesh, r, mesh.cols - 2));
  return mesh.points[r * mesh.cols + c]!;
}

/** Throws unless the mesh has at least 2x2 points and exactly rows*cols of them. */
export function validateMesh(mesh: MeshWarp): void {
  if (mesh.rows < 2 || mesh.cols < 2 || mesh.points.length !== mesh.rows * mesh.cols) {
    throw new Error(`Mesh warp needs rows*cols points (rows ${mesh.rows}, cols ${mesh.cols}, points ${mesh.points.length})`);
  }
}

/**
 * The warped position of texture coordinate (u, v) in 0..1: bilinear inside each cell, or bicubic
 * (Catmull-Rom, passing through every control point).
 */
export function evaluateMesh(mesh: MeshWarp, u: number, v: number): Point {
  const fc = Math.min(Math.max(u, 0), 1) * (mesh.cols - 1);
  const fr = Math.min(Math.max(v, 0), 1) * (mesh.rows - 1);
  const c = Math.min(Math.floor(fc), mesh.cols - 2);
  const r = Math.min(Math.floor(fr), mesh.rows - 2);
  const tu = fc - c,
    tv = fr - r;
  if (mesh.interpolation === 'bilinear') {
    const p00 = controlAt(mesh, r, c),
      p01 = controlAt(mesh, r, c + 1),
      p10 = controlAt(mesh, r + 1, c),
      p11 = controlAt(mesh, r + 1, c + 1);
    return {
      x: (1 - tv) * ((1 - tu) * p00.x + tu * p01.x) + tv * ((1 - tu) * p10.x + tu * p11.x),
      y: (1 - tv) * ((1 - tu) * p00.y + tu * p01.y) + tv * ((1 - tu) * p10.y + tu * p11.y),
    };
  }
  const rowX: number[] = [],
    rowY: number[] = [];
  for (let i = -1; i <= 2; i++) {
    const q = [-1, 0, 1, 2].map((j) => controlAt(mesh, r + i, c + j)) as [Point, Point, Point, Point];
    rowX.push(catmullRom(q[0].x, q[1].x, q[2].x, q[3].x, tu));
    rowY.push(catmullRom(q[0].y, q[1].y, q[2].y, q[3].y, tu));
  }
  return { x: catmullRom(rowX[0]!, rowX[1]!, rowX[2]!, rowX[3]!, tv), y: catmullRom(rowY[0]!, rowY[1]!, rowY[2]!, rowY[3]!, tv) };
}

/** Triangles for a warped mesh: interleaved positions (canvas px), texture coordinates and indices. */
export interface MeshGeometry {
  positions: Float32Array;
  texcoords: Float32Array;
  indices: Uint16Array | Uint32Array;
  /** Vertices per row of the tessellated grid. */
  columns: number;
  rows: number;
}

/** Tessellates the mesh into (cols-1)*S by (rows-1)*S quads. */
export function tessellateMesh(mesh: MeshWarp, subdivisions = MESH_SUBDIVISIONS_PER_CELL): MeshGeometry {
  validateMesh(mesh);
  const nx = (mesh.cols - 1) * subdivisions + 1;
  const ny = (mesh.rows - 1) * subdivisions + 1;
  const positions = new Float32Array(nx * ny * 2);
  const texcoords = new Float32Array(nx * ny * 2);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const u = i / (nx - 1),
        v = j / (ny - 1);
      const p = evaluateMesh(mesh, u, v);
      const k = (j * nx + i) * 2;
      positions[k] = p.x;
      positions[k + 1] = p.y;
      texcoords[k] = u;
      texcoords[k + 1] = v;
    }
  }
  const count = (nx - 1) * (ny - 1) * 6;
  const indices = nx * ny > 65535 ? new Uint32Array(count) : new Uint16Array(count);
  let n = 0;
  for (let j = 0; j < ny - 1; j++) {
    for (let i = 0; i < nx - 1; i++) {
      const a = j * nx + i,
        b = a + 1,
        c = a + nx,
        d = c + 1;
      indices[n++] = a;
      indices[n++] = b;
      indices[n++] = c;
      indices[n++] = b;
      indices[n++] = d;
      indices[n++] = c;
    }
  }
  return { positions, texcoords, indices, columns: nx, rows: ny };
}
