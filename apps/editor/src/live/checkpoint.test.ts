import { createManualClock } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../state/editor-store';
import { awaitServerStored, CHECKPOINT_TIMEOUT_MS, type StoredAnswer } from './checkpoint';

function liveStore() {
  const store = createEditorStore();
  store.docReady = true;
  store.connection = { status: 'connected', slow: false, attempt: 0 };
  store.serverSaved = false;
  return store;
}

/** Starts the wait and records its answer (null while it waits). */
function waiting(store: ReturnType<typeof liveStore>, clock = createManualClock()) {
  const result: { answer: StoredAnswer | null } = { answer: null };
  void awaitServerStored(store, clock).then((a) => void (result.answer = a));
  return { result, clock };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('waiting for the server to store the live document', () => {
  it('waits while connected and unconfirmed, and ends when the server confirms', async () => {
    const store = liveStore();
    const { result } = waiting(store);
    await flush();
    expect(result.answer).toBeNull();
    // Other changes of the store do not end it.
    store.playhead = 500;
    store.serverSaved = null;
    await flush();
    expect(result.answer).toBeNull();
    store.serverSaved = true;
    await flush();
    expect(result.answer).toBe('stored');
  });

  it('a confirmation that came before the socket dropped still counts', async () => {
    const store = liveStore();
    store.serverSaved = true;
    store.connection = { status: 'disconnected', slow: false, attempt: 1 };
    const { result } = waiting(store);
    await flush();
    expect(result.answer).toBe('stored');
  });

  it('answers offline with no connection, timeout when connected but unconfirmed too long', async () => {
    const offline = liveStore();
    offline.connection = null;
    const a = waiting(offline);
    await flush();
    expect(a.result.answer).toBe('offline');

    const slow = liveStore();
    const b = waiting(slow);
    b.clock.advance(CHECKPOINT_TIMEOUT_MS - 1);
    await flush();
    expect(b.result.answer).toBeNull();
    b.clock.advance(1);
    await flush();
    expect(b.result.answer).toBe('timeout');
    // Ended: a later confirmation changes nothing.
    slow.serverSaved = true;
    await flush();
    expect(b.result.answer).toBe('timeout');
  });

  it('answers detached when the live document closes or real-time turns off', async () => {
    const closed = liveStore();
    const a = waiting(closed);
    closed.docReady = false;
    await flush();
    expect(a.result.answer).toBe('detached');

    const refused = liveStore();
    refused.liveUnavailable = 'Real-time collaboration is not available for this project';
    const b = waiting(refused);
    await flush();
    expect(b.result.answer).toBe('detached');
  });
});
