import { createDefaultProject } from '@beamstage/layers';
import type { ProjectJson, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { loadProject, saveProject } from './project-persistence';
import type { LocalProjects, RemoteProjects } from './project-persistence';

const project = (name: string) => createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0, name });

function memoryLocal(initial?: ProjectJson): LocalProjects & { saved: ProjectJson[] } {
  const saved: ProjectJson[] = [];
  return { saved, get: async () => initial ?? null, put: async (p) => void saved.push(p) };
}

const failing: RemoteProjects = {
  getProject: async () => Promise.reject(new Error('Failed to fetch')),
  updateProject: async () => Promise.reject(new Error('Server down')),
};

describe('loadProject', () => {
  it('prefers the server copy', async () => {
    const remote: RemoteProjects = { getProject: async () => project('server'), updateProject: failing.updateProject };
    const loaded = await loadProject('proj_1_a', remote, memoryLocal(project('local')));
    expect(loaded.project.metadata.name).toBe('server');
    expect(loaded.fromLocal).toBe(false);
  });

  it('falls back to the local copy when the server fails', async () => {
    const loaded = await loadProject('proj_1_a', failing, memoryLocal(project('local')));
    expect(loaded.project.metadata.name).toBe('local');
    expect(loaded.fromLocal).toBe(true);
  });

  it('rethrows the server error when there is no local copy', async () => {
    await expect(loadProject('proj_1_a', failing, memoryLocal())).rejects.toThrow('Failed to fetch');
  });
});

describe('saveProject', () => {
  it('writes locally before the server and rethrows a server failure', async () => {
    const local = memoryLocal();
    await expect(saveProject(project('x'), failing, local)).rejects.toThrow('Server down');
    expect(local.saved.map((p) => p.metadata.name)).toEqual(['x']);
  });

  it('answers the server modified time', async () => {
    const remote: RemoteProjects = { getProject: failing.getProject, updateProject: async () => ({ modified: '2026-11-22T01:00:00.000Z' }) };
    expect(await saveProject(project('y'), remote, memoryLocal())).toBe('2026-11-22T01:00:00.000Z');
  });
});
