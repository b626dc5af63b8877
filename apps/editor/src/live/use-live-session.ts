import { useAuth0 } from '@auth0/auth0-react';
import type { BrowserSync } from '@beamstage/sync/browser';
import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { EditorStore } from '../state/editor-store';
import { toast } from '../state/ui-store';
import { browserClock, browserFrameScheduler } from '@beamstage/stage';
import { createLiveSession } from './live-session';
import type { LiveSession } from './live-session';
import { colorForUser } from './presence-view';
import { attachOutputs } from '../panels/outputs/outputs-link';
import { shareProjectLocally } from './local-projectors';
import { ApiClient } from '../api/client';
import { isLocalProjectId } from '../services/local-fallback';
import { logger } from '../services/logger';
import { SYNC_DECODE_WARNING } from './connection-label';
import { decideRoleChange, type RoomMode } from './role-change';

/** The live line of a project kept only in this browser (local_): there is no room for it until it moves to the server. */
export const LOCAL_PROJECT_LIVE = 'Kept in this browser until the server is back';

/** Shown when real-time cannot start at all (libs/sync's chunk, Automerge's wasm or IndexedDB failed). */
const SYNC_LOAD_FAILED = 'Real-time collaboration is not available right now';

/**
 * Opens the project's live document (libs/sync, token from the auth session) beside the REST
 * first paint, and returns the session every edit goes through. It exists from the first render,
 * so edits made before the document opens are queued, never lost.
 */
export function useLiveSession(projectId: string, store: EditorStore): LiveSession {
  const { getAccessTokenSilently, isAuthenticated, user } = useAuth0();
  const userId = user?.sub ?? 'anonymous';
  const name = user?.name ?? user?.email ?? 'Someone';
  // Made during the first render, so the first edits have it. It holds nothing until a document is attached.
  const live = useMemo(
    () =>
      createLiveSession({
        store,
        frames: browserFrameScheduler(),
        clock: browserClock(),
        self: { userId, name, color: colorForUser(userId) },
        onDocError: (error) => console.warn('The live document could not be read', error),
        onRefused: (message) => toast(message, 'info'),
      }),
    [store, userId, name],
  );

  // "Retry the live connection" bumps this: the effect below closes the old sync and opens a new one.
  const { liveRetry } = useSnapshot(store);

  useEffect(() => {
    // A local_ project has no server copy and so no room: edits stay in the local copy (files/use-local-project.ts).
    if (isLocalProjectId(projectId)) return void live.unavailable(LOCAL_PROJECT_LIVE);
    let closed = false;
    let sync: BrowserSync | null = null;
    let stopSaved: (() => void) | null = null;
    let detachOutputs: (() => void) | null = null;
    let stopLocal: (() => void) | null = null;
    let mode: RoomMode | null = null;
    // libs/sync (Automerge, its wasm) is its own chunk: the REST first paint does not wait for it.
    import('@beamstage/sync/browser')
      .then(async (kit) => {
        if (closed) return;
        const opened = await kit.openBrowserSync({
          apiOrigin: window.location.origin,
          projectId,
          getToken: async () => (isAuthenticated ? ((await getAccessTokenSilently()) ?? null) : null),
          clock: browserClock(),
          // A refused room arrives here as the error state with ROOM_DENIED_MESSAGE.
          onState: (state) => {
            if (!closed) live.setConnection(state);
          },
          // Every ticket's mode, the reconnect's too: a member demoted or promoted while the editor is
          // open is closed by the server ("role changed") and comes back with the new mode.
          onMode: (next) => {
            if (closed) return;
            const decision = decideRoleChange(mode, next, store.serverSaved === false);
            mode = next;
            live.setViewOnly(decision.viewOnly);
            if (decision.toast) toast(decision.toast.text, decision.toast.tone);
          },
          // Spec section 8: a sync update that does not decode is logged and ignored.
          onDecodeError: (error) => logger('sync').warn(SYNC_DECODE_WARNING, error),
        });
        sync = opened;
        if (closed) return void opened.close();
        const handle = await opened.handle();
        if (closed) return;
        // The first ticket's mode was applied by onMode (the handle resolves after it).
        // Same machine: projector windows of this profile hear us over BroadcastChannel too.
        const port = kit.browserLocalPort(projectId);
        const local = port ? kit.createLocalLink(port, opened.repo.peerId) : null;
        const channel = local ? kit.mergeChannels(kit.channelOf(handle), local) : kit.channelOf(handle);
        live.attach(handle, kit, channel);
        if (local) {
          const stopShare = shareProjectLocally(store, local, kit);
          stopLocal = () => {
            stopShare();
            local.close();
          };
        }
        // "Saved" means stored on the server: the server confirms only heads it has stored.
        stopSaved = opened.watchSaved(handle, (saved) => {
          // Once access ended nothing reaches the server: no "Saving…" that never ends.
          if (!closed && store.accessLost === null) store.serverSaved = saved;
        });
        // The projectors of the room and the output commands. Commands carry the api's
        // user id (the one our sync ticket has: the server drops a command in anyone else's name).
        let apiUserId: string | null = null;
        detachOutputs = attachOutputs(channel, store, () => apiUserId, kit, browserClock());
        if (isAuthenticated)
          void new ApiClient(() => getAccessTokenSilently())
            .request<{ id?: string }>('GET', '/me')
            .then((me) => void (apiUserId = typeof me.id === 'string' ? me.id : null))
            .catch(() => undefined);
        // Offline edits live in IndexedDB until they reach the server: ask the browser not to evict it
        // under storage pressure (design.md section 2). A refusal changes nothing else.
        void navigator.storage?.persist?.().catch(() => false);
      })
      .catch((error: unknown) => {
        // The project keeps working without real-time features (spec section 4).
        console.warn('Real-time sync could not start', error);
        if (!closed) {
          live.unavailable(SYNC_LOAD_FAILED);
          toast('Real-time sync is off: changes are saved with Save', 'info');
        }
      });
    return () => {
      closed = true;
      stopSaved?.();
      store.serverSaved = null;
      detachOutputs?.();
      stopLocal?.();
      live.detach();
      void sync?.close();
    };
  }, [projectId, live, store, isAuthenticated, getAccessTokenSilently, liveRetry]);

  return live;
}
