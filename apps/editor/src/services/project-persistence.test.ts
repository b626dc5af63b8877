import { createDefaultProject } from '@beamstage/layers';
import type { ProjectJson, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { LOCAL_PROJECT_MISSING, loadProject, saveProject } from './project-persistence';
import type { LocalProjects, RemoteProjects } from './project-persistence';

const project = (name: string) => createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0, name });

function memoryLocal(
  initial?: ProjectJson,
  initialRevision: number | null = null,
): LocalProjects & { saved: ProjectJson[]; revisions: Map<string, number | null> } {
  const saved: ProjectJson[] = [];
  const revisions = new Map<string, number | null>();
  if (initial) revisions.set(initial.metadata.id, initialRevision);
  return {
    saved,
    revisions,
    get: async () => initial ?? null,
    put: async (p) => void saved.push(p),
    getRevision: async (id) => revisions.get(id) ?? null,
    putRevision: async (id, revision) => void revisions.set(id, revision),
  };
}

const failing: RemoteProjects = {
  getProject: async () => Promise.reject(new Error('Failed to fetch')),
  updateProject: async () => Promise.reject(new Error('Server down')),
};

/** A server that answers GET with `revision` beside the document and bumps it on each update, recording what it was sent. */
function revisionServer(start: number) {
  let revision = start;
  const sent: (number | null)[] = [];
  const remote: RemoteProjects = {
    getProject: async () => ({ ...project('server'), revision }),
    updateProject: async (_p, base) => {
      sent.push(base);
      revision += 1;
      return { ok: true, modified: `2026-11-22T01:00:0${revision % 10}.000Z`, revision };
    },
  };
  return { remote, sent };
}

describe('loadProject', () => {
  it('prefers the server copy', async () => {
    const remote: RemoteProjects = { getProject: async () => project('server'), updateProject: failing.updateProject };
    const loaded = await loadProject('proj_1_a', remote, memoryLocal(project('local')));
    expect(loaded.project.metadata.name).toBe('server');
    expect(loaded.fromLocal).toBe(false);
  });

  it('keeps the server revision beside the project, not inside it', async () => {
    const loaded = await loadProject('proj_1_a', revisionServer(7).remote, memoryLocal());
    expect(loaded.revision).toBe(7);
    expect(loaded.project).not.toHaveProperty('revision');
  });

  it('has no revision when the server sends none', async () => {
    const remote: RemoteProjects = { getProject: async () => project('server'), updateProject: failing.updateProject };
    expect((await loadProject('proj_1_a', remote, memoryLocal())).revision).toBeNull();
  });

  it('falls back to the local copy when the server fails', async () => {
    const loaded = await loadProject('proj_1_a', failing, memoryLocal(project('local')));
    expect(loaded.project.metadata.name).toBe('local');
    expect(loaded.fromLocal).toBe(true);
    expect(loaded.revision).toBeNull();
  });

  it('opens the local copy with the revision it was computed from', async () => {
    const loaded = await loadProject('proj_1_a', failing, memoryLocal(project('local'), 4));
    expect(loaded.fromLocal).toBe(true);
    expect(loaded.revision).toBe(4);
  });

  it('opens the local copy even when its revision cannot be read', async () => {
    const local = { ...memoryLocal(project('local')), getRevision: async () => Promise.reject(new Error('no store')) };
    const loaded = await loadProject('proj_1_a', failing, local);
    expect(loaded.project.metadata.name).toBe('local');
    expect(loaded.revision).toBeNull();
  });

  it('rethrows the server error when there is no local copy', async () => {
    await expect(loadProject('proj_1_a', failing, memoryLocal())).rejects.toThrow('Failed to fetch');
  });
});

describe('saveProject', () => {
  it('writes locally before the server and rethrows a server failure', async () => {
    const local = memoryLocal();
    await expect(saveProject(project('x'), 3, failing, local)).rejects.toThrow('Server down');
    expect(local.saved.map((p) => p.metadata.name)).toEqual(['x']);
    // The offline copy keeps the revision it was computed from, for the next save once the server is back.
    expect(local.revisions.get('proj_1_a')).toBe(3);
  });

  it('still saves to the server when the revision store fails', async () => {
    const { remote, sent } = revisionServer(2);
    const local = { ...memoryLocal(), putRevision: async () => Promise.reject(new Error('no store')) };
    expect(await saveProject(project('x'), 2, remote, local)).toEqual({ modified: '2026-11-22T01:00:03.000Z', revision: 3, kept: [] });
    expect(sent).toEqual([2]);
  });

  it('answers the server modified time', async () => {
    const remote: RemoteProjects = { getProject: failing.getProject, updateProject: async () => ({ modified: '2026-11-22T01:00:00.000Z' }) };
    expect(await saveProject(project('y'), null, remote, memoryLocal())).toEqual({ modified: '2026-11-22T01:00:00.000Z', revision: null, kept: [] });
  });

  it('answers what the server did not apply', async () => {
    const kept = [{ path: 'metadata.name', reason: 'newer' }];
    const remote: RemoteProjects = { getProject: failing.getProject, updateProject: async () => ({ modified: '2026-11-22T01:00:00.000Z', revision: 7, kept }) };
    expect((await saveProject(project('z'), 6, remote, memoryLocal())).kept).toEqual(kept);
  });

  it('sends the loaded revision, then the one each save answered', async () => {
    const { remote, sent } = revisionServer(5);
    const local = memoryLocal();
    const loaded = await loadProject('proj_1_a', remote, local);
    let revision = loaded.revision;
    for (const name of ['a', 'b']) {
      ({ revision } = await saveProject({ ...loaded.project, metadata: { ...loaded.project.metadata, name } }, revision, remote, local));
    }
    expect(sent).toEqual([5, 6]);
    expect(revision).toBe(7);
    expect(local.revisions.get('proj_1_a')).toBe(7);
  });
});

describe('a local_ project', () => {
  it('opens from the browser without asking the server, and says so when it is not here', async () => {
    let asked = 0;
    const remote: RemoteProjects = {
      getProject: async () => {
        asked += 1;
        return project('server');
      },
      updateProject: async () => ({ modified: '' }),
    };
    const copy = createDefaultProject({ id: 'local_5' as ProjectId, nowMs: 0, name: 'Kept here' });
    const loaded = await loadProject('local_5', remote, memoryLocal(copy));
    expect(loaded).toMatchObject({ fromLocal: true, revision: null });
    expect(loaded.project.metadata.name).toBe('Kept here');
    await expect(loadProject('local_6', remote, memoryLocal())).rejects.toThrow(LOCAL_PROJECT_MISSING);
    expect(asked).toBe(0);
  });
});
