import type { ProjectJson } from '@beamstage/layers';
import { ref } from 'valtio';

/**
 * The project as the editor store keeps it: the immutable export itself, not wrapped in valtio
 * proxies. A project is replaced, never changed in place (each change is a new export sharing its
 * untouched entries), so deep proxies bought nothing and cost much: with 100 layers and 2,000
 * keyframes valtio walked every proxy of the project on each snapshot after any change to the store
 * (every pointer move of a drag or a scrub), and proxied the new arrays again on every edit.
 * Subscribers still hear each replacement (the store's `project` field is set).
 */
export function projectRef<T extends ProjectJson | null>(project: T): T {
  return project ? ref(project) : project;
}
