import { createDefaultProject } from '@beamstage/layers';
import type { ProjectId, ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { MAX_BACKUPS_PER_PROJECT, createLocalDb, memoryKv, migrateLocalDb } from './local-db';
import type { KvStore, LocalDbStores } from './local-db';

const project = (id: string, modified = '2026-11-01T00:00:00.000Z'): ProjectJson => {
  const p = createDefaultProject({ id: id as ProjectId, nowMs: 0 });
  p.metadata.modified = modified;
  return p;
};

type MemoryStores = { [K in keyof LocalDbStores]: ReturnType<typeof memoryKv> };

function stores(initialProjects: Record<string, unknown> = {}): MemoryStores {
  return { projects: memoryKv(initialProjects), assets: memoryKv(), backups: memoryKv(), meta: memoryKv() };
}

const errors: unknown[] = [];
const log = (_m: string, e: unknown) => void errors.push(e);

describe('local database migration (version 1 to 2)', () => {
  it('keeps every version 1 project, readable and listed by updated', async () => {
    const s = stores({ proj_a: project('proj_a', '2026-11-01T00:00:00.000Z'), proj_b: project('proj_b', '2026-11-03T00:00:00.000Z'), junk: 'not a project' });
    expect(await migrateLocalDb(s)).toEqual({ from: 1, migrated: 2 });
    const db = createLocalDb(s, log);
    expect((await db.getProject('proj_a'))?.id).toBe('proj_a');
    expect((await db.listProjects()).map((r) => r.id)).toEqual(['proj_b', 'proj_a']);
    // An entry that was not a project is left alone, not dropped.
    expect(s.projects.data.get('junk')).toBe('not a project');
    expect(await s.meta.getItem('version')).toBe(2);
  });

  it('runs once: a second open migrates nothing', async () => {
    const s = stores({ proj_a: project('proj_a') });
    await migrateLocalDb(s);
    expect(await migrateLocalDb(s)).toEqual({ from: 2, migrated: 0 });
    expect((await createLocalDb(s, log).getProject('proj_a'))?.id).toBe('proj_a');
  });
});

describe('backups', () => {
  it('keeps the 10 newest per project, pruning only after the new one is written', async () => {
    const s = stores();
    const db = createLocalDb(s, log);
    for (let t = 1; t <= 13; t++) expect(await db.writeBackup(project('proj_a'), t * 1000)).toBe(true);
    await db.writeBackup(project('proj_b'), 500);
    const list = await db.listBackups('proj_a');
    expect(list).toHaveLength(MAX_BACKUPS_PER_PROJECT);
    expect(list.map((b) => b.timestamp)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map((n) => n * 1000));
    expect(await db.listBackups('proj_b')).toHaveLength(1);
    expect((await db.getBackup('proj_a', 13000))?.projectData.id).toBe('proj_a');
  });

  it('orders timestamps numerically, not as text', async () => {
    const db = createLocalDb(stores(), log);
    await db.writeBackup(project('proj_a'), 9_000);
    await db.writeBackup(project('proj_a'), 10_000);
    expect((await db.listBackups('proj_a')).map((b) => b.timestamp)).toEqual([10_000, 9_000]);
  });

  it('a failed write returns false, is logged, and leaves the old backups', async () => {
    const s = stores();
    const db = createLocalDb(s, log);
    await db.writeBackup(project('proj_a'), 1);
    const broken: KvStore = { ...s.backups, setItem: async () => Promise.reject(new Error('quota')) };
    const before = errors.length;
    expect(await createLocalDb({ ...s, backups: broken }, log).writeBackup(project('proj_a'), 2)).toBe(false);
    expect(errors.length).toBe(before + 1);
    expect(await db.listBackups('proj_a')).toHaveLength(1);
  });

  it('a failed list is an empty list and a failed read is null', async () => {
    const s = stores();
    const broken: KvStore = { ...s.backups, keys: async () => Promise.reject(new Error('gone')), getItem: async () => Promise.reject(new Error('gone')) };
    const db = createLocalDb({ ...s, backups: broken }, log);
    expect(await db.listBackups('proj_a')).toEqual([]);
    expect(await db.getBackup('proj_a', 1)).toBeNull();
  });
});

describe('assets', () => {
  it('finds assets by project', async () => {
    const db = createLocalDb(stores(), log);
    const blob = new Blob(['x'], { type: 'image/png' });
    await db.putAsset({ id: 'a1', projectId: 'proj_a', data: blob, type: 'image', size: 1, name: 'a.png', created: 'now' });
    await db.putAsset({ id: 'a2', projectId: 'proj_b', data: blob, type: 'image', size: 1, name: 'b.png', created: 'now' });
    expect((await db.listAssets('proj_a')).map((a) => a.id)).toEqual(['a1']);
    expect((await db.getAsset('proj_a', 'a1'))?.name).toBe('a.png');
  });
});
