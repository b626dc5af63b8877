import { createDefaultProject, createLayer } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { WHITE_LAYER_ID, whiteThroughMasks } from './masks-pattern';

describe('white through masks', () => {
  it('keeps only the masks, above one white layer the size of the canvas', () => {
    const project = createDefaultProject({ id: 'prj_1' as never, nowMs: 0, name: 'Show' });
    const image = createLayer('image', { id: 'img' as never });
    const mask = createLayer('mask', { id: 'msk' as never });
    const out = whiteThroughMasks({ ...project, layers: [mask, image] }, 'data:image/png;base64,AAAA');
    expect(out.layers.map((l) => l.id)).toEqual(['msk', WHITE_LAYER_ID]);
    const white = out.layers[1]!;
    expect([white.x, white.y, white.width, white.height]).toEqual([
      project.canvas.width / 2,
      project.canvas.height / 2,
      project.canvas.width,
      project.canvas.height,
    ]);
    expect(white.warp.points[2]).toEqual({ x: project.canvas.width, y: project.canvas.height });
  });
});
