import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { LayerId, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { newImageLayer } from './samples';

describe('newImageLayer', () => {
  it('centres a 200x200 image named by count', () => {
    const project = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    project.layers.push(createLayer('image', { id: 'x' as LayerId }));
    const layer = newImageLayer(project, '/app/editor/samples/beamstage-sample.png', 1000);
    expect(layer).toMatchObject({
      type: 'image',
      name: 'Image 2',
      x: 400,
      y: 300,
      width: 200,
      height: 200,
      content: { src: '/app/editor/samples/beamstage-sample.png' },
    });
  });
});
