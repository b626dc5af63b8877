import type { ProjectJson } from '@beamstage/layers';
import { browserClock } from '@beamstage/stage';
import type { EphemeralChannel } from '@beamstage/sync';
import type { Clock, TimerHandle } from '@beamstage/timeline';
import { subscribe } from 'valtio';
import type { EditorStore } from '../state/editor-store';

/** A change of the project reaches local projectors this long after the last one of a burst at most. */
export const LOCAL_PROJECT_COALESCE_MS = 50;
/** Re-sent to a local projector that announces itself, at most this often (its heartbeat is 2 s). */
export const LOCAL_PROJECT_REFRESH_MS = 1500;

export interface LocalProjectKit {
  LOCAL_PROJECT_KIND: string;
}

/**
 * Same machine, no server hop: the editor's project goes to the projector windows of this
 * browser profile over the local link (BroadcastChannel only, never the server) at every change, and
 * again whenever one of them announces itself (a new window, or a reload with the server gone), so a
 * local screen shows committed edits without the server. Drags and output commands ride the merged
 * channel already. Returns the stop function.
 */
export function shareProjectLocally(store: EditorStore, local: EphemeralChannel, kit: LocalProjectKit, clock: Clock = browserClock()): () => void {
  let timer: TimerHandle | null = null;
  let last: ProjectJson | null = null;
  let sentAt = -Infinity;
  const send = () => {
    timer = null;
    const project = store.project;
    if (!project) return;
    last = project;
    sentAt = clock.now();
    // A plain copy: the store's object is a valtio snapshot source, and the channel clones anyway.
    local.broadcast({ kind: kit.LOCAL_PROJECT_KIND, project: JSON.parse(JSON.stringify(project)) as ProjectJson });
  };
  const soon = () => {
    if (timer === null) timer = clock.setTimeout(send, LOCAL_PROJECT_COALESCE_MS);
  };
  const offStore = subscribe(store, () => {
    if (store.project && store.project !== last) soon();
  });
  const offChannel = local.subscribe((message) => {
    if ((message as { kind?: unknown } | null)?.kind === 'projector' && clock.now() - sentAt >= LOCAL_PROJECT_REFRESH_MS) soon();
  });
  return () => {
    offStore();
    offChannel();
    if (timer !== null) clock.clearTimeout(timer);
  };
}
