import localforage from 'localforage';
import type { ProjectJson } from '@beamstage/layers';
import { createLocalDb, migrateLocalDb } from './local-db';
import type { LocalDb, LocalDbStores } from './local-db';
import { logger } from './logger';
import type { LocalProjects } from './project-persistence';

const DB_NAME = 'beamstage';

let opened: Promise<LocalDb> | null = null;

/** The browser database, version 2 (migrated once per page from version 1 before first use). */
export function browserLocalDb(): Promise<LocalDb> {
  if (!opened) {
    const stores: LocalDbStores = {
      projects: localforage.createInstance({ name: DB_NAME, storeName: 'projects' }),
      assets: localforage.createInstance({ name: DB_NAME, storeName: 'assets' }),
      backups: localforage.createInstance({ name: DB_NAME, storeName: 'backups' }),
      meta: localforage.createInstance({ name: DB_NAME, storeName: 'meta' }),
    };
    const log = (message: string, error: unknown) => logger('assets').error(message, error);
    opened = migrateLocalDb(stores).then(
      () => createLocalDb(stores, log),
      (error: unknown) => {
        log('Local database migration failed', error);
        return createLocalDb(stores, log);
      },
    );
  }
  return opened;
}

/**
 * The local copy of projects over the version 2 database, and beside it `projectRevisions`: the
 * server revision each local copy was computed from.
 */
export function browserLocalProjects(): LocalProjects {
  const revisions = localforage.createInstance({ name: DB_NAME, storeName: 'projectRevisions' });
  return {
    get: async (id) => (await browserLocalDb()).getProject(id),
    put: async (project: ProjectJson) => (await browserLocalDb()).putProject(project, new Date().toISOString()),
    getRevision: async (id) => {
      const revision = await revisions.getItem<unknown>(id);
      return typeof revision === 'number' && Number.isInteger(revision) ? revision : null;
    },
    putRevision: async (id, revision) => {
      if (revision === null) await revisions.removeItem(id);
      else await revisions.setItem(id, revision);
    },
  };
}
