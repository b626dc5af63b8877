import localforage from 'localforage';
import type { ProjectJson } from '@beamstage/layers';
import type { LocalProjects } from './project-persistence';

/** The browser database's `projects` store (IndexedDB through localforage). */
export function browserLocalProjects(): LocalProjects {
  const store = localforage.createInstance({ name: 'beamstage', storeName: 'projects' });
  return {
    get: (id) => store.getItem<ProjectJson>(id),
    put: async (project) => {
      await store.setItem(project.metadata.id || project.id, project);
    },
  };
}
