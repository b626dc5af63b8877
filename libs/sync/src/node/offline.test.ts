import type { PGlite } from '@electric-sql/pglite';
import { Repo, type DocumentId } from '@automerge/automerge-repo';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleStorageAdapter } from './drizzle-storage-adapter';
import { AUTOMERGE_STORAGE_DDL } from './storage-ddl';
import { startHarness, waitFor, type Harness } from './testing-harness';
import { inMemoryPglite } from '../../../../tools/testing/pglite-template';

interface Doc {
  items: Record<string, string>;
}

describe('offline edits', () => {
  let h: Harness;
  let clientDb: PGlite;
  beforeAll(async () => {
    h = await startHarness();
    // The client's own persistent storage (IndexedDB in the browser), reused across "tab" reopenings.
    clientDb = inMemoryPglite();
    await clientDb.exec(AUTOMERGE_STORAGE_DDL);
  });
  afterAll(async () => {
    await h?.close();
    // The reopened client's throttled saves may still be in flight (see SAVE_SETTLE_MS in the harness).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await clientDb?.close();
  });

  it('edits made while closed and offline merge on reconnect with nothing lost', async () => {
    const docId = h.sync.repo.create<Doc>({ items: {} }).documentId;
    const storage = new DrizzleStorageAdapter(drizzle(clientDb));
    // 1. Online: open, edit, close the tab.
    const first = h.client(docId, { storage });
    const a1 = await first.find<Doc>(docId);
    a1.change((d) => void (d.items['online'] = 'a'));
    const server = await h.sync.repo.find<Doc>(docId);
    await waitFor(() => server.doc().items['online'] === 'a');
    await first.repo.flush();
    await first.close();
    // 2. Offline: reopened with no network, edits land in local storage only.
    const offline = new Repo({ storage });
    const a2 = await offline.find<Doc>(docId as DocumentId);
    for (let i = 0; i < 5; i++) a2.change((d) => void (d.items[`offline${i}`] = 'a'));
    await offline.flush();
    await offline.shutdown();
    // Meanwhile another editor keeps working online.
    const other = h.client(docId);
    const b = await other.find<Doc>(docId);
    b.change((d) => void (d.items['concurrent'] = 'b'));
    // 3. Reopened online: everything merges everywhere.
    const back = h.client(docId, { storage });
    const a3 = await back.find<Doc>(docId);
    const expected = ['concurrent', 'offline0', 'offline1', 'offline2', 'offline3', 'offline4', 'online'];
    const keys = (d: Doc) => Object.keys(d.items).sort();
    await waitFor(() => [a3.doc(), b.doc(), server.doc()].every((d) => keys(d).join() === expected.join()), 10_000, 'merge');
    expect(keys(a3.doc())).toEqual(expected);
    await back.close();
    await other.close();
  });
});
