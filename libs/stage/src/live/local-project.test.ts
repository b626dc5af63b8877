import { createDefaultProject, type ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { readLocalProject } from './local-project';

describe('readLocalProject', () => {
  const project = createDefaultProject({ id: 'proj_1_local' as ProjectId, nowMs: 0 });
  it('takes the project of this id, rebuilt from known fields', () => {
    const read = readLocalProject({ kind: 'local-project', project: { ...project, evil: '<script>' } }, 'proj_1_local');
    expect(read?.id).toBe('proj_1_local');
    expect(read && 'evil' in read).toBe(false);
  });
  it('ignores other kinds, other projects and garbage', () => {
    expect(readLocalProject({ kind: 'drag', project })).toBeNull();
    expect(readLocalProject({ kind: 'local-project', project }, 'proj_2_other')).toBeNull();
    expect(readLocalProject({ kind: 'local-project', project: 'nope' })).toBeNull();
    expect(readLocalProject(null)).toBeNull();
  });
});
