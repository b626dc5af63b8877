import type { ProjectJson } from '@beamstage/layers';
import type { EphemeralChannel } from '@beamstage/sync';
import { subscribe } from 'valtio';
import type { EditorStore } from '../state/editor-store';

/** A change of the project reaches local projectors this long after the last one of a burst at most. */
export const LOCAL_PROJECT_COALESCE_MS = 50;
/** Re-sent to a local projector that announces itself, at most this often (its heartbeat is 2 s). */
export const LOCAL_PROJECT_REFRESH_MS = 1500;

export interface LocalProjectKit {
  LOCAL_PROJECT_KIND: string;
}

// Called as methods of this object: the browser's own setTimeout refuses a `this` other than window
// ("Illegal invocation"), so they are wrapped.
const BROWSER_TIMERS = {
  setTimeout: ((fn: () => void, ms: number) => setTimeout(fn, ms)) as typeof setTimeout,
  clearTimeout: ((id: Parameters<typeof clearTimeout>[0]) => clearTimeout(id)) as typeof clearTimeout,
  now: () => Date.now(),
};

/**
 * Same machine, no server hop (issue 17): the editor's project goes to the projector windows of this
 * browser profile over the local link (BroadcastChannel only, never the server) at every change, and
 * again whenever one of them announces itself (a new window, or a reload with the server gone), so a
 * local screen shows committed edits without the server. Drags and output commands ride the merged
 * channel already. Returns the stop function.
 */
export function shareProjectLocally(store: EditorStore, local: EphemeralChannel, kit: LocalProjectKit, timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout; now: () => number } = BROWSER_TIMERS): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: ProjectJson | null = null;
  let sentAt = -Infinity;
  const send = () => {
    timer = null;
    const project = store.project;
    if (!project) return;
    last = project;
    sentAt = timers.now();
    // A plain copy: the store's object is a valtio snapshot source, and the channel clones anyway.
    local.broadcast({ kind: kit.LOCAL_PROJECT_KIND, project: JSON.parse(JSON.stringify(project)) as ProjectJson });
  };
  const soon = () => {
    if (timer === null) timer = timers.setTimeout(send, LOCAL_PROJECT_COALESCE_MS);
  };
  const offStore = subscribe(store, () => {
    if (store.project && store.project !== last) soon();
  });
  const offChannel = local.subscribe((message) => {
    if ((message as { kind?: unknown } | null)?.kind === 'projector' && timers.now() - sentAt >= LOCAL_PROJECT_REFRESH_MS) soon();
  });
  return () => {
    offStore();
    offChannel();
    if (timer !== null) timers.clearTimeout(timer);
  };
}
