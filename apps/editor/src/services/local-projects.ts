import localforage from 'localforage';
import type { ProjectJson } from '@beamstage/layers';
import type { LocalProjects } from './project-persistence';

/**
 * The browser database's `projects` store (IndexedDB through localforage), and beside it
 * `projectRevisions`: the server revision each local copy was computed from.
 */
export function browserLocalProjects(): LocalProjects {
  const store = localforage.createInstance({ name: 'beamstage', storeName: 'projects' });
  const revisions = localforage.createInstance({ name: 'beamstage', storeName: 'projectRevisions' });
  return {
    get: (id) => store.getItem<ProjectJson>(id),
    put: async (project) => {
      await store.setItem(project.metadata.id || project.id, project);
    },
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
