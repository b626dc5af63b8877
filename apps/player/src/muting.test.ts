import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { LayerId, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { mutedProject } from './muting';

describe('mutedProject', () => {
  it('mutes every video and stream layer, leaves the rest and the original alone', () => {
    const project = createDefaultProject({ id: 'proj_1_m' as ProjectId, nowMs: 0 });
    project.layers.push(
      createLayer('video', { id: 'v' as LayerId }),
      createLayer('rtmp', { id: 'r' as LayerId }),
      createLayer('image', { id: 'i' as LayerId }),
    );
    const muted = mutedProject(project, true);
    expect(muted.layers.map((l) => (l.content as { muted?: boolean }).muted)).toEqual([true, true, undefined]);
    expect((project.layers[0]?.content as { muted?: boolean }).muted).toBeUndefined();
    expect(mutedProject(project, false)).toBe(project);
  });
});
