// The server confirms heads to a peer only after they are stored: with the database's saves held
// back, an edit stays unconfirmed ("Saving"), and it is confirmed ("Saved") once the save lands;
// a failed save never confirms and disconnects the peer, which keeps its edit.
import type { PGlite } from '@electric-sql/pglite';
import type { Chunk, StorageAdapterInterface, StorageKey } from '@automerge/automerge-repo';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isStoredOnServer, watchServerSaved } from '../client/server-saved';
import { DrizzleStorageAdapter } from './drizzle-storage-adapter';
import { AUTOMERGE_STORAGE_DDL } from './storage-ddl';
import { startHarness, waitFor, type Harness } from './testing-harness';
import { inMemoryPglite } from '../../../../tools/testing/pglite-template';

/** The real adapter, with saves that can be held back or made to fail. */
class HeldStorage implements StorageAdapterInterface {
  hold = false;
  fail = false;
  private waiting: (() => void)[] = [];
  constructor(private readonly inner: StorageAdapterInterface) {}
  release() {
    this.hold = false;
    for (const go of this.waiting.splice(0)) go();
  }
  async save(key: StorageKey, data: Uint8Array) {
    if (this.hold) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.fail) throw new Error('disk full');
    return this.inner.save(key, data);
  }
  load = (key: StorageKey) => this.inner.load(key);
  remove = (key: StorageKey) => this.inner.remove(key);
  loadRange = (prefix: StorageKey): Promise<Chunk[]> => this.inner.loadRange(prefix);
  removeRange = (prefix: StorageKey) => this.inner.removeRange(prefix);
}

type Items = { items: Record<string, number> };
let harness: Harness | null = null;
// One database for the file (PGlite boots in seconds on a loaded machine); a document per test.
let pglite: PGlite;
beforeAll(async () => {
  pglite = inMemoryPglite();
  await pglite.exec(AUTOMERGE_STORAGE_DDL);
});
afterAll(async () => pglite.close());
afterEach(async () => {
  await harness?.close();
  harness = null;
});

async function setUp() {
  const storage = new HeldStorage(new DrizzleStorageAdapter(drizzle(pglite)));
  harness = await startHarness({ pglite, storage });
  const doc = harness.sync.repo.create<Items>({ items: {} });
  await harness.sync.repo.flush();
  const client = harness.client(doc.documentId);
  const handle = await client.find<Items>(doc.documentId);
  const states: (boolean | null)[] = [];
  watchServerSaved(
    handle,
    () => client.adapter.serverStorageId(),
    (saved) => states.push(saved),
  );
  await waitFor(() => states.at(-1) === true, 10_000, 'the opened document confirmed as stored');
  return { storage, client, handle, states };
}

describe('store before confirm', () => {
  it('isStoredOnServer: same heads only; unknown or missing heads are not stored', () => {
    expect(isStoredOnServer(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(isStoredOnServer(['a'], undefined)).toBe(false);
    expect(isStoredOnServer(['a', 'c'], ['a'])).toBe(false);
    expect(isStoredOnServer(['a'], ['b'])).toBe(false);
  });

  it('confirms an edit only after the database stored it', async () => {
    const { storage, handle, states } = await setUp();
    storage.hold = true;
    handle.change((d) => void (d.items['x'] = 1));
    await waitFor(() => states.at(-1) === false, 20_000, 'Saving after the edit');
    // automerge-repo answers within ~100 ms: give it 5x that, the confirmation must not come.
    await new Promise((r) => setTimeout(r, 500));
    expect(states.at(-1)).toBe(false);
    storage.release();
    await waitFor(() => states.at(-1) === true, 10_000, 'Saved after the store');
    const rows = await harness!.pglite.query<{ n: number }>('select count(*)::int as n from automerge_storage');
    expect(rows.rows[0]!.n).toBeGreaterThan(1);
  });

  it('never confirms a failed store and disconnects the peer, which keeps its edit', async () => {
    const { storage, client, handle, states } = await setUp();
    storage.fail = true;
    const drops = client.states.length;
    handle.change((d) => void (d.items['y'] = 2));
    await waitFor(() => client.states.slice(drops).some((s) => s.status === 'error' && s.retrying === true), 10_000, 'the peer disconnected');
    expect(states.at(-1)).toBe(false);
    expect(harness!.logs.some((l) => l.level === 'error' && /Storing a document failed/.test(l.msg ?? ''))).toBe(true);
    storage.fail = false;
    // It reconnects with its edit, which is then stored and confirmed.
    await waitFor(() => states.at(-1) === true, 15_000, 'Saved after the reconnect');
    expect(handle.doc().items['y']).toBe(2);
  });
});
