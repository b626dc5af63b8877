// Save while a live document is open is a checkpoint, not a re-send (issue 19 item 1): sync has
// already carried every change, so the save writes the local copy and the backup and then waits
// for the server to confirm that the document as it is now is stored (libs/sync's watchSaved, kept
// in the store as `serverSaved`: the server confirms only heads it has stored).
import type { ConnectionState } from '@beamstage/sync';
import type { Clock } from '@beamstage/timeline';
import { subscribe } from 'valtio';

/** How long a live save waits for the server's confirmation before it says it has none. */
export const CHECKPOINT_TIMEOUT_MS = 10_000;

/**
 * Said (and shown after "Save failed: ") when a live save got no confirmation in time: the user is
 * never told "saved" for work the server has not stored. The work is in the browser's copy of the
 * document and reaches the server by itself when it answers.
 */
export const SERVER_UNCONFIRMED = 'The server has not confirmed that your changes are stored. They are kept in this browser and reach it when it answers';

/**
 * How the wait ended: `stored` (the server confirmed the document as it is, so everything up to
 * the save is stored), `offline` (no connection to the server: the work is kept in this browser),
 * `timeout` (connected, but no confirmation in time), `detached` (the live document closed or
 * real-time turned off for good meanwhile: the caller saves over REST instead).
 */
export type StoredAnswer = 'stored' | 'offline' | 'timeout' | 'detached';

/** What the wait reads of the editor store (a valtio proxy: it wakes on each change). */
export interface CheckpointState {
  readonly serverSaved: boolean | null;
  readonly connection: ConnectionState | null;
  readonly docReady: boolean;
  readonly liveUnavailable: string | null;
}

/**
 * Waits until the server has stored the live document as it is now (or later: a document's heads
 * only grow, so a confirmation of later heads covers the save). Answers at once when it already
 * has, or when there is no connection to wait on.
 */
export function awaitServerStored(
  state: CheckpointState & object,
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>,
  timeoutMs = CHECKPOINT_TIMEOUT_MS,
): Promise<StoredAnswer> {
  return new Promise((resolve) => {
    let done = false;
    let stop: (() => void) | null = null;
    const finish = (answer: StoredAnswer) => {
      if (done) return;
      done = true;
      clock.clearTimeout(timer);
      stop?.();
      resolve(answer);
    };
    const check = () => {
      if (!state.docReady || state.liveUnavailable !== null) return finish('detached');
      // Stored first: a confirmation that came just before the socket dropped still counts.
      if (state.serverSaved === true) return finish('stored');
      if (state.connection?.status !== 'connected') return finish('offline');
    };
    const timer = clock.setTimeout(() => finish('timeout'), timeoutMs);
    stop = subscribe(state, check, true);
    check();
  });
}
