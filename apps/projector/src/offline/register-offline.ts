import type { ProjectJson } from '@beamstage/layers';
import type { OfflineState } from '@beamstage/sync/browser';
import { offlinePlan } from './offline-plan';

/** The service worker script and the scope it serves (the api sends Service-Worker-Allowed for it). */
export const SW_URL = '/app/projector/projector-sw.js';
export const SW_SCOPE = '/projector/';

/**
 * Registers the projector's service worker and asks it to keep this project: the page, the
 * projector's scripts and wasm loaded so far, the public JSON and the media. Reports 'caching',
 * then 'ready' when everything was kept (else 'off'), with the layers that need the network.
 */
export async function keepOffline(projectId: string, project: ProjectJson, report: (state: OfflineState, notCached: string[]) => void): Promise<void> {
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) return;
  const plan = offlinePlan(project, window.location.href);
  report('caching', plan.notCached);
  try {
    await sw.register(SW_URL, { scope: SW_SCOPE });
    const registration = await sw.ready;
    const worker = registration.active;
    if (!worker) throw new Error('no active service worker');
    const app = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => new URL(url).origin === window.location.origin && new URL(url).pathname.startsWith('/app/projector/assets/'));
    const urls = [window.location.pathname, `/api/projects/public?id=${encodeURIComponent(projectId)}`, ...new Set(app), ...plan.media];
    const failed = await new Promise<string[]>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<{ failed?: unknown }>) => resolve(Array.isArray(event.data.failed) ? (event.data.failed as string[]) : urls);
      worker.postMessage({ type: 'cache-project', projectId, version: plan.version, urls }, [channel.port2]);
    });
    if (failed.length) console.warn('Not kept for offline shows:', failed);
    report(failed.length ? 'off' : 'ready', plan.notCached);
  } catch (error) {
    console.warn('Offline shows are off:', error);
    report('off', plan.notCached);
  }
}
