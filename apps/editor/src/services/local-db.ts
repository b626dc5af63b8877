import type { ProjectJson } from '@beamstage/layers';

/**
 * The browser database (design.md section 2; spec sections 3 and 9): version 2 has three stores,
 * `projects` (listed newest `updated` first), `assets` (Blobs, found by projectId) and `backups`
 * (found by projectId, at most 10 a project). localforage has no indexes, so the projectId
 * "index" is the key prefix `{projectId}/` and the updated "index" is a sort on read.
 */

/** The part of a localforage instance these stores use (an in-memory map in tests). */
export interface KvStore {
  getItem<T>(key: string): Promise<T | null>;
  setItem<T>(key: string, value: T): Promise<T>;
  removeItem(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

export interface LocalDbStores {
  projects: KvStore;
  assets: KvStore;
  backups: KvStore;
  /** Small bookkeeping: the schema version. */
  meta: KvStore;
}

export const LOCAL_DB_VERSION = 2;
export const MAX_BACKUPS_PER_PROJECT = 10;

/** A local asset (spec section 3), its bytes as a Blob rather than a data URL (design.md section 2). */
export interface LocalAsset {
  id: string;
  projectId: string;
  data: Blob;
  type: string;
  size: number;
  name: string;
  layerId?: string;
  created: string;
  key?: string;
}

/** A local backup (spec section 3); the key is projectId/timestamp. */
export interface LocalBackup {
  projectId: string;
  timestamp: number;
  date: string;
  projectData: ProjectJson;
}

export interface LocalProjectRecord {
  id: string;
  updated: string;
  project: ProjectJson;
}

export const projectKeyOf = (project: ProjectJson) => project.metadata?.id || project.id;
const backupKey = (projectId: string, timestamp: number) => `${projectId}/${String(timestamp).padStart(15, '0')}`;

function isProject(value: unknown): value is ProjectJson {
  return !!value && typeof value === 'object' && 'layers' in value && 'metadata' in value;
}

/**
 * Brings a version 1 database (projects stored as bare project JSON, no assets or backups stores)
 * to version 2 (records with `updated` beside the project). Every local project is kept: an entry
 * that does not look like a project is left as it was rather than dropped.
 */
export async function migrateLocalDb(stores: LocalDbStores): Promise<{ from: number; migrated: number }> {
  const version = (await stores.meta.getItem<number>('version')) ?? 1;
  let migrated = 0;
  if (version < 2) {
    for (const key of await stores.projects.keys()) {
      const value = await stores.projects.getItem<unknown>(key);
      if (!isProject(value)) continue;
      const record: LocalProjectRecord = { id: key, updated: value.metadata.modified ?? new Date(0).toISOString(), project: value };
      await stores.projects.setItem(key, record);
      migrated += 1;
    }
    await stores.meta.setItem('version', LOCAL_DB_VERSION);
  }
  return { from: version, migrated };
}

/** A logger for failures that must not break the editor (spec section 8: backups). */
export type FailureLog = (message: string, error: unknown) => void;

export interface LocalDb {
  getProject(id: string): Promise<ProjectJson | null>;
  putProject(project: ProjectJson, updated: string): Promise<void>;
  removeProject(id: string): Promise<void>;
  /** Every local project, most recently updated first. */
  listProjects(): Promise<LocalProjectRecord[]>;
  putAsset(asset: LocalAsset): Promise<void>;
  getAsset(projectId: string, id: string): Promise<LocalAsset | null>;
  listAssets(projectId: string): Promise<LocalAsset[]>;
  /** Writes a backup, then prunes the oldest beyond 10; false (logged) on failure. */
  writeBackup(project: ProjectJson, timestampMs: number): Promise<boolean>;
  /** Newest first; an empty list (logged) on failure. */
  listBackups(projectId: string): Promise<LocalBackup[]>;
  /** null (logged) on failure or when absent. */
  getBackup(projectId: string, timestamp: number): Promise<LocalBackup | null>;
}

function recordOf(value: unknown, key: string): LocalProjectRecord | null {
  if (!value || typeof value !== 'object') return null;
  if (isProject(value)) return { id: key, updated: value.metadata.modified ?? '', project: value };
  const r = value as Partial<LocalProjectRecord>;
  return isProject(r.project) ? { id: key, updated: String(r.updated ?? ''), project: r.project } : null;
}

export function createLocalDb(stores: LocalDbStores, log: FailureLog): LocalDb {
  const backupsOf = async (projectId: string) => {
    const prefix = `${projectId}/`;
    const keys = (await stores.backups.keys()).filter((k) => k.startsWith(prefix)).sort();
    return keys;
  };
  return {
    async getProject(id) {
      return recordOf(await stores.projects.getItem<unknown>(id), id)?.project ?? null;
    },
    async putProject(project, updated) {
      const id = projectKeyOf(project);
      await stores.projects.setItem<LocalProjectRecord>(id, { id, updated, project });
    },
    async removeProject(id) {
      await stores.projects.removeItem(id);
    },
    async listProjects() {
      const out: LocalProjectRecord[] = [];
      for (const key of await stores.projects.keys()) {
        const r = recordOf(await stores.projects.getItem<unknown>(key), key);
        if (r) out.push(r);
      }
      return out.sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : 0));
    },
    async putAsset(asset) {
      await stores.assets.setItem(`${asset.projectId}/${asset.id}`, asset);
    },
    async getAsset(projectId, id) {
      return stores.assets.getItem<LocalAsset>(`${projectId}/${id}`);
    },
    async listAssets(projectId) {
      const prefix = `${projectId}/`;
      const out: LocalAsset[] = [];
      for (const key of (await stores.assets.keys()).filter((k) => k.startsWith(prefix))) {
        const a = await stores.assets.getItem<LocalAsset>(key);
        if (a) out.push(a);
      }
      return out;
    },
    async writeBackup(project, timestampMs) {
      try {
        const projectId = projectKeyOf(project);
        const backup: LocalBackup = {
          projectId,
          timestamp: timestampMs,
          date: new Date(timestampMs).toISOString(),
          projectData: JSON.parse(JSON.stringify(project)) as ProjectJson,
        };
        await stores.backups.setItem(backupKey(projectId, timestampMs), backup);
        // Pruned after the new one is written, so a failed write never costs an old backup.
        const keys = await backupsOf(projectId);
        for (const key of keys.slice(0, Math.max(0, keys.length - MAX_BACKUPS_PER_PROJECT))) await stores.backups.removeItem(key);
        return true;
      } catch (error) {
        log('Backup write failed', error);
        return false;
      }
    },
    async listBackups(projectId) {
      try {
        const out: LocalBackup[] = [];
        for (const key of (await backupsOf(projectId)).reverse()) {
          const b = await stores.backups.getItem<LocalBackup>(key);
          if (b) out.push(b);
        }
        return out;
      } catch (error) {
        log('Backup list failed', error);
        return [];
      }
    },
    async getBackup(projectId, timestamp) {
      try {
        return await stores.backups.getItem<LocalBackup>(backupKey(projectId, timestamp));
      } catch (error) {
        log('Backup read failed', error);
        return null;
      }
    },
  };
}

/** An in-memory KvStore (tests, and a fallback where IndexedDB is unavailable). */
export function memoryKv(initial: Record<string, unknown> = {}): KvStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>(Object.entries(initial));
  return {
    data,
    getItem: async <T>(key: string) => (data.has(key) ? (data.get(key) as T) : null),
    setItem: async <T>(key: string, value: T) => {
      data.set(key, value);
      return value;
    },
    removeItem: async (key: string) => void data.delete(key),
    keys: async () => [...data.keys()],
  };
}
