import type { ProjectJson } from '@beamstage/layers';
import type { OfflinePlan } from './offline-plan';

/** The service worker script and the scope it serves (the api sends Service-Worker-Allowed for it). */
export const SW_URL = '/app/projector/projector-sw.js';
export const SW_SCOPE = '/projector/';

/** Fills the offline cache with one version of a project; resolves with the URLs not kept. */
export type OfflineFill = (plan: OfflinePlan, project: ProjectJson) => Promise<string[]>;

/**
 * Registers the projector's service worker and answers how to fill its cache, or null where
 * offline shows are impossible (no service workers, not a secure context).
 *
 * A fill sends the page's address, the projector's scripts and wasm loaded so far, the project's
 * media, and the project itself as the body of `publicPath`: the wall's current state (live edits
 * included) is what an offline restart shows, not the server's last save.
 */
export function registerOfflineWorker(projectId: string, publicPath: string): OfflineFill | null {
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return null;
  // Registered at the first fill, not at start-up: the first frame and the live chunk come first.
  let registered: Promise<ServiceWorkerRegistration> | null = null;
  return async (plan, project) => {
    registered ??= sw.register(SW_URL, { scope: SW_SCOPE }).then(() => sw.ready);
    const registration = await registered;
    const worker = registration.active;
    if (!worker) throw new Error('no active service worker');
    const app = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => new URL(url).origin === window.location.origin && new URL(url).pathname.startsWith('/app/projector/assets/'));
    const urls = [window.location.pathname, ...new Set(app), ...plan.media];
    return new Promise<string[]>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<{ failed?: unknown }>) =>
        resolve(Array.isArray(event.data.failed) ? (event.data.failed as string[]) : urls);
      worker.postMessage({ type: 'cache-project', projectId, version: plan.version, urls, project: { url: publicPath, body: JSON.stringify(project) } }, [
        channel.port2,
      ]);
    });
  };
}
