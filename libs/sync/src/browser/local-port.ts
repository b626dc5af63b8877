import type { LocalPort } from '../client/local-link';

/** The BroadcastChannel an editor and the projectors of one project share in one browser profile. */
export const localLinkName = (projectId: string): string => `beamstage-local-${projectId}`;

/** A LocalPort over BroadcastChannel, or null where the browser has none. */
export function browserLocalPort(projectId: string): LocalPort | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(localLinkName(projectId));
  return {
    post: (data) => {
      try {
        channel.postMessage(data);
      } catch {
        // A closed channel or an uncloneable value: the server path still carries it.
      }
    },
    listen(listener) {
      const cb = (e: MessageEvent) => listener(e.data);
      channel.addEventListener('message', cb);
      return () => channel.removeEventListener('message', cb);
    },
    close: () => channel.close(),
  };
}
