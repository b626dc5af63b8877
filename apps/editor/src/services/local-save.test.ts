import { createDefaultProject } from '@beamstage/layers';
import type { ProjectId, ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { isUnreachable, LOCAL_ONLY_STATUS, saveNoteFor, saveOrKeepLocal } from './local-save';
import type { LocalProjects, RemoteProjects } from './project-persistence';

function localStore() {
  const saved = new Map<string, ProjectJson>();
  const store: LocalProjects = {
    get: async (id) => saved.get(id) ?? null,
    put: async (p) => void saved.set(p.metadata.id, p),
    getRevision: async () => null,
    putRevision: async () => undefined,
  };
  return { saved, store };
}

const remote = (fail: unknown): RemoteProjects & { calls: number } => {
  const r = {
    calls: 0,
    getProject: async () => null,
    updateProject: async () => {
      r.calls += 1;
      if (fail) throw fail;
      return { modified: '2026-11-24T10:00:00.000Z', revision: 4 };
    },
  };
  return r;
};

const project = (id: string) => createDefaultProject({ id: id as ProjectId, nowMs: 0 });

describe('saving with the server away', () => {
  it('saves a server project to both when the server answers', async () => {
    const { saved, store } = localStore();
    expect(await saveOrKeepLocal(project('proj_1'), 3, remote(null), store)).toEqual({
      where: 'server',
      modified: '2026-11-24T10:00:00.000Z',
      revision: 4,
      kept: [],
    });
    expect(saved.has('proj_1')).toBe(true);
  });

  it('keeps the work locally when the server cannot be reached (network error or a gateway answer)', async () => {
    for (const failure of [new TypeError('Failed to fetch'), new ApiError('Bad Gateway', 502, null)]) {
      const { saved, store } = localStore();
      expect(await saveOrKeepLocal(project('proj_1'), 3, remote(failure), store)).toEqual({ where: 'local' });
      expect(saved.get('proj_1')?.metadata.id).toBe('proj_1');
    }
  });

  it('rethrows a refusal with its reason (spec section 4), the local copy written first', async () => {
    const { saved, store } = localStore();
    const refusal = new ApiError('Project not found', 404, { error: 'Project not found' });
    await expect(saveOrKeepLocal(project('proj_1'), 3, remote(refusal), store)).rejects.toBe(refusal);
    expect(saved.has('proj_1')).toBe(true);
  });

  it('never sends a local_ project to the server', async () => {
    const { saved, store } = localStore();
    const r = remote(null);
    expect(await saveOrKeepLocal(project('local_1700000000000'), null, r, store)).toEqual({ where: 'local' });
    expect(r.calls).toBe(0);
    expect(saved.has('local_1700000000000')).toBe(true);
  });

  it('tells unreachable from refused', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(new ApiError('x', 503, null))).toBe(true);
    expect(isUnreachable(new ApiError('Project limit reached', 403, null))).toBe(false);
    expect(isUnreachable(new DOMException('QuotaExceededError'))).toBe(false);
  });
});

describe('the save line', () => {
  it('says offline (local only) while the work waits for the server, and lets go once the server stored it', () => {
    expect(saveNoteFor({ note: null, liveOffline: true, serverSaved: false })).toBe(LOCAL_ONLY_STATUS);
    expect(saveNoteFor({ note: LOCAL_ONLY_STATUS, liveOffline: false, serverSaved: false })).toBe(LOCAL_ONLY_STATUS);
    expect(saveNoteFor({ note: LOCAL_ONLY_STATUS, liveOffline: false, serverSaved: true })).toBeNull();
    // A local_ project has no live document: its note stays.
    expect(saveNoteFor({ note: LOCAL_ONLY_STATUS, liveOffline: false, serverSaved: null })).toBe(LOCAL_ONLY_STATUS);
    expect(saveNoteFor({ note: 'Save failed: Project not found', liveOffline: true, serverSaved: false })).toBe('Save failed: Project not found');
    expect(saveNoteFor({ note: null, liveOffline: false, serverSaved: true })).toBeNull();
  });
});
