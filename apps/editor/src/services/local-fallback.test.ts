import { createDefaultProject } from '@beamstage/layers';
import type { ProjectId, ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { createLocalDb, memoryKv } from './local-db';
import { createProjectWithFallback, moveLocalProject, uploadLocalProjects } from './local-fallback';

const db = () => createLocalDb({ projects: memoryKv(), assets: memoryKv(), backups: memoryKv(), meta: memoryKv() }, () => undefined);
const project = (name = 'Offline work') => {
  const p = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
  p.metadata.name = name;
  return p;
};

/** A server that is away until `up` is set, then stores what it is sent. */
function server() {
  const stored: ProjectJson[] = [];
  const s = {
    up: false,
    stored,
    createProject: async (p: ProjectJson) => {
      if (!s.up) throw new TypeError('Failed to fetch');
      stored.push(p);
      return p;
    },
  };
  return s;
}

describe('local project fallback', () => {
  it('a create that fails with anything but the limit makes local_{timestamp}, stored locally', async () => {
    const local = db();
    const result = await createProjectWithFallback(project(), server(), local, 1_700_000_000_000);
    expect(result).toEqual({ id: 'local_1700000000000', local: true });
    const copy = await local.getProject('local_1700000000000');
    expect(copy?.id).toBe('local_1700000000000');
    expect(copy?.metadata.id).toBe('local_1700000000000');
  });

  it('a 500 falls back too', async () => {
    const api = { createProject: async () => Promise.reject(new ApiError('API Error', 500, null)) };
    expect((await createProjectWithFallback(project(), api, db(), 5)).local).toBe(true);
  });

  it('403 "Project limit reached" is surfaced, with no local project', async () => {
    const local = db();
    const api = { createProject: async () => Promise.reject(new ApiError('Project limit reached', 403, { error: 'Project limit reached' })) };
    await expect(createProjectWithFallback(project(), api, local, 5)).rejects.toThrow('Project limit reached');
    expect(await local.listProjects()).toEqual([]);
  });

  it('the server answering creates on the server', async () => {
    const s = server();
    s.up = true;
    expect(await createProjectWithFallback(project(), s, db(), 5)).toEqual({ id: 'proj_1_a', local: false });
  });

  it('local projects are uploaded as new server projects when the server is back, and leave the local store', async () => {
    const local = db();
    const s = server();
    await createProjectWithFallback(project('Made offline'), s, local, 10);
    // Still away: nothing moves, nothing is lost.
    const away = await uploadLocalProjects(s, local, () => 20);
    expect(away.moved).toEqual([]);
    expect(away.error).toBeInstanceOf(TypeError);
    expect(await local.getProject('local_10')).not.toBeNull();

    s.up = true;
    const back = await uploadLocalProjects(
      s,
      local,
      () => 30,
      (n) => new Uint8Array(n).fill(7),
    );
    expect(back.error).toBeNull();
    expect(back.moved).toHaveLength(1);
    expect(back.moved[0]).toMatchObject({ from: 'local_10', name: 'Made offline' });
    expect(back.moved[0]?.to).toMatch(/^proj_30_/);
    expect(s.stored[0]?.metadata.name).toBe('Made offline');
    expect(s.stored[0]?.id).toBe(back.moved[0]?.to);
    expect(await local.getProject('local_10')).toBeNull();
  });

  it("the open local project moves with the editor's current copy, and stays local while the server is away", async () => {
    const local = db();
    const s = server();
    await createProjectWithFallback(project('Draft'), s, local, 10);
    const current = { ...project('Draft, edited offline'), layers: [] };
    await expect(moveLocalProject('local_10', current, s, local, 40)).rejects.toBeInstanceOf(TypeError);
    expect(await local.getProject('local_10')).not.toBeNull();
    s.up = true;
    const to = await moveLocalProject('local_10', current, s, local, 50, (n) => new Uint8Array(n).fill(1));
    expect(to).toMatch(/^proj_50_/);
    expect(s.stored[0]?.metadata).toMatchObject({ id: to, name: 'Draft, edited offline' });
    expect(await local.getProject('local_10')).toBeNull();
  });
});
