import type { ProjectJson } from '@beamstage/layers';

/** What the page offers that the live document needs. */
export interface LiveEnvironment {
  hasWebSocket: boolean;
  hasIndexedDB: boolean;
}

/** The browser's answer, read once at start. */
export const browserLiveEnvironment = (): LiveEnvironment => ({
  hasWebSocket: typeof WebSocket !== 'undefined',
  hasIndexedDB: typeof indexedDB !== 'undefined',
});

/**
 * Whether the projector follows the live document after its first frame: the public answer says the
 * project is published with realtime on (metadata.syncEnabled), and the browser can hold the
 * document. Otherwise the projector shows the published snapshot, as before.
 */
export function shouldGoLive(project: ProjectJson, env: LiveEnvironment): boolean {
  return project.metadata.syncEnabled === true && env.hasWebSocket && env.hasIndexedDB;
}
