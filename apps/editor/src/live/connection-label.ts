import type { ConnectionState } from '@beamstage/sync/browser';

/** Shown while the first connection is being made. */
export const LIVE_CONNECTING = 'Connecting…';
/** Shown after the first connection has been slow for SLOW_CONNECTION_MS. */
export const LIVE_CONNECTING_SLOW = 'Connecting… (slow connection)';
/** Shown while edits reach collaborators and the projector as they are made. */
export const LIVE_CONNECTED = 'Live';
/** Shown while connected to a room that is read-only for us (a viewer). */
export const LIVE_VIEW_ONLY = 'Live · view only';
/** Shown while offline with the live document held in this browser (IndexedDB). */
export const LIVE_OFFLINE_KEPT = 'Offline: changes are kept on this device';
/** Shown while offline before the live document was opened (edits wait in memory until it is). */
export const LIVE_OFFLINE = 'Offline';

/** Shown when the live connection failed for a reason (the reason follows); Retry asks again. */
export const LIVE_ERROR_PREFIX = 'Live connection error: ';

/** The status line while a websocket error is being retried: "Offline — connection lost, retrying…". */
export const liveRetryingText = (reason: string): string => `${LIVE_OFFLINE} — ${reason}, retrying…`;
/** The tooltip's second sentence while retrying, when the live document is held in this browser. */
export const LIVE_RETRYING_KEPT = 'Changes are kept on this device and reach the server when the connection is back.';
/** The tooltip's second sentence while retrying before the live document opened. */
export const LIVE_RETRYING_WAITING = 'Changes wait in this tab and reach the server when the connection is back.';

/** Logged (module sync, as a warning) for a sync update that does not decode; the update is ignored. */
export const SYNC_DECODE_WARNING = 'A sync update could not be decoded and was ignored';

/** `error`: the connection failed with a reason and can be retried (spec section 8), distinct from offline. */
export type LiveTone = 'live' | 'pending' | 'offline' | 'unavailable' | 'error';

export interface LiveLabel {
  text: string;
  tone: LiveTone;
  /** The longer explanation, shown as the tooltip; the text itself when absent. */
  title?: string;
  /** An error the connection retries by itself (a dropped or server-closed socket): offline meanwhile. */
  retrying?: boolean;
}

/** True while edits cannot reach the server live: offline, or retrying after a websocket error. */
export const liveIsOffline = (label: LiveLabel): boolean => label.tone === 'offline' || label.retrying === true;

/**
 * What the top bar says about the live connection. `docReady` tells whether the live document is
 * open in this browser (then offline edits are stored on the device and merge on reconnect);
 * `unavailable` carries the reason real-time is off for good (room denied, sync failed to start);
 * `viewOnly` marks a room that is read-only for us.
 */
export function connectionLabel(state: ConnectionState | null, docReady: boolean, unavailable: string | null = null, viewOnly = false): LiveLabel {
  if (unavailable !== null) return { text: unavailable, tone: 'unavailable' };
  if (!state) return { text: LIVE_CONNECTING, tone: 'pending' };
  // A websocket error being retried (spec section 8: the status is error, with its reason; section 4:
  // it reconnects with backoff). The reason stays through the retries until the socket connects.
  if (state.status !== 'connected' && state.error && state.retrying) {
    const text = liveRetryingText(state.error);
    return { text, tone: 'error', retrying: true, title: `${text} ${docReady ? LIVE_RETRYING_KEPT : LIVE_RETRYING_WAITING}` };
  }
  switch (state.status) {
    case 'connected':
      return { text: viewOnly ? LIVE_VIEW_ONLY : LIVE_CONNECTED, tone: 'live' };
    case 'error':
      return { text: `${LIVE_ERROR_PREFIX}${state.error ?? 'unknown reason'}`, tone: 'error' };
    case 'connecting':
      // A first attempt is "connecting"; a retry after a drop means we are offline for now.
      if (state.attempt === 0) return { text: state.slow ? LIVE_CONNECTING_SLOW : LIVE_CONNECTING, tone: 'pending' };
      return { text: docReady ? LIVE_OFFLINE_KEPT : LIVE_OFFLINE, tone: 'offline' };
    case 'disconnected':
      return { text: docReady ? LIVE_OFFLINE_KEPT : LIVE_OFFLINE, tone: 'offline' };
  }
}
