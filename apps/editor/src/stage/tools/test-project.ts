import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { Layer, LayerId, ProjectId, ProjectJson } from '@beamstage/layers';

/** An image layer whose 200x200 square is centred on (cx, cy). */
export function squareLayer(id: string, cx: number, cy: number): Layer {
  const layer = createLayer('image', { id: id as LayerId, name: id });
  const moved = { ...layer, x: cx, y: cy };
  moved.warp = { ...layer.warp, points: layer.warp.points.map((p) => ({ x: p.x + cx - layer.x, y: p.y + cy - layer.y })) };
  return moved;
}

/**
 * The tools' test scene on an 800x600 canvas: 'front' covers (200,200)-(400,400) and 'back'
 * (300,250)-(500,450), overlapping it; 'far' covers (550,50)-(750,250), apart.
 */
export function toolTestProject(): ProjectJson {
  const project = createDefaultProject({ id: 'proj_1_stage' as ProjectId, nowMs: 0 });
  project.layers = [squareLayer('front', 300, 300), squareLayer('back', 400, 350), squareLayer('far', 650, 150)];
  return project;
}
