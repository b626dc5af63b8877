// The api repo's document saves: incremental only on the caller's thread, compaction elsewhere
// (incremental-saves.ts). Nothing confirmed may be lost: a chunk is deleted only when a stored
// snapshot covers it, chunks saved during a compaction stay, and a crash mid-compaction loses nothing.
import { next as A } from '@automerge/automerge';
import { Repo, type Chunk, type DocumentId, type StorageAdapterInterface, type StorageKey } from '@automerge/automerge-repo';
import { describe, expect, it } from 'vitest';
import { compactChunks, type CompactedChunks } from './compact-chunks';
import { MIN_COMPACT_BYTES, saveIncrementally, type IncrementalSavesOptions } from './incremental-saves';

/** Chunks in memory, in write order (as the database adapter returns them); `log` records every save and remove. */
class MemoryStorage implements StorageAdapterInterface {
  chunks = new Map<string, Uint8Array>();
  log: string[] = [];
  failRemove = false;
  async load(key: StorageKey) {
    return this.chunks.get(key.join('/'));
  }
  async save(key: StorageKey, data: Uint8Array) {
    this.log.push(`save ${key[1]}`);
    this.chunks.delete(key.join('/'));
    this.chunks.set(key.join('/'), data);
  }
  async remove(key: StorageKey) {
    if (this.failRemove) throw new Error('killed');
    this.log.push(`remove ${key[1]}`);
    this.chunks.delete(key.join('/'));
  }
  async loadRange(prefix: StorageKey): Promise<Chunk[]> {
    const p = prefix.join('/');
    return [...this.chunks].filter(([k]) => k === p || k.startsWith(`${p}/`)).map(([k, data]) => ({ key: k.split('/'), data }));
  }
  async removeRange(prefix: StorageKey) {
    for (const { key } of await this.loadRange(prefix)) this.chunks.delete(key.join('/'));
  }
  kinds(documentId: string) {
    return [...this.chunks.keys()].filter((k) => k.startsWith(`${documentId}/`)).map((k) => k.split('/')[1]);
  }
}

type Doc = { items: Record<string, string> };
/** ~20 KB of new content per edit: a few edits outgrow MIN_COMPACT_BYTES. */
const edit = (n: number) => (d: Doc) => void (d.items[`i${n}`] = `${n}`.padEnd(20_000, 'x'));
const EDITS_TO_COMPACT = Math.ceil(MIN_COMPACT_BYTES / 20_000) + 1;

/**
 * A repo's storage subsystem on `storage` with incremental saves (`compact` defaults to building
 * the snapshot in this thread). Documents are plain Automerge documents saved by the test, not
 * repo handles, whose throttled saves would add chunks at their own times.
 */
function setUp(
  storage: MemoryStorage,
  compact: (chunks: Uint8Array[]) => Promise<CompactedChunks> = async (c) => compactChunks(c),
  beforeSave?: IncrementalSavesOptions['beforeSave'],
) {
  const repo = new Repo({ storage, network: [] });
  const sub = repo.storageSubsystem!;
  const saves = saveIncrementally(sub, storage, { compact, beforeSave });
  /** Makes `edits` edits (numbered from `from`), saving after each; returns the document. */
  const editAndSave = async (documentId: DocumentId, doc: A.Doc<Doc>, from: number, edits: number) => {
    for (let n = from; n < from + edits; n++) {
      doc = A.change(doc, edit(n));
      await sub.saveDoc(documentId, doc);
    }
    return doc;
  };
  return { saves, sub, editAndSave };
}

let docs = 0;
const newDoc = () => ({ id: `doc${++docs}` as DocumentId, doc: A.from<Doc>({ items: {} }) });

/** What a fresh process loads from the storage. */
async function reload(storage: MemoryStorage, documentId: DocumentId): Promise<Doc> {
  const repo = new Repo({ storage, network: [] });
  return (await repo.storageSubsystem!.loadDoc<Doc>(documentId))!;
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('saveIncrementally', () => {
  it('saves only incrementals on the caller, never the whole document, and each save only what is new', async () => {
    const storage = new MemoryStorage();
    const compacted: number[] = [];
    // A compaction that never finishes: whatever is stored was stored by the saves themselves.
    const { editAndSave } = setUp(storage, (chunks) => (compacted.push(chunks.length), new Promise(() => undefined)));
    const { id, doc } = newDoc();
    await editAndSave(id, doc, 0, EDITS_TO_COMPACT + 2);
    // One chunk per save, each holding that save's edit (~20 KB), not the history before it.
    expect(storage.kinds(id)).toEqual(Array.from({ length: EDITS_TO_COMPACT + 2 }, () => 'incremental'));
    for (const [key, chunk] of storage.chunks) if (key.startsWith(id)) expect(chunk.length).toBeLessThan(25_000);
    expect(compacted).toHaveLength(1);
    expect(Object.keys((await reload(storage, id)).items)).toHaveLength(EDITS_TO_COMPACT + 2);
  });

  it('compacts into one snapshot once the incrementals outgrow it, deleting only the chunks the snapshot was built from', async () => {
    const storage = new MemoryStorage();
    const gate = deferred();
    let builtFrom = new Set<string>();
    const { saves, editAndSave } = setUp(storage, async (chunks) => {
      // The chunks it was given: all the document's chunks stored when it read them.
      builtFrom = new Set([...storage.chunks.keys()].filter((k) => k.startsWith(`${id}/`)));
      expect(chunks).toHaveLength(builtFrom.size);
      await gate.promise;
      return compactChunks(chunks);
    });
    const { id, doc } = newDoc();
    let mine = await editAndSave(id, doc, 0, EDITS_TO_COMPACT);
    expect(builtFrom.size).toBeGreaterThan(1);
    // Saved while the compaction runs, by this process and by another instance on the same storage.
    mine = await editAndSave(id, mine, 100, 1);
    const other = A.change(A.clone(mine), edit(200));
    await storage.save([id, 'incremental', 'from-another-instance'], A.saveSince(other, A.getHeads(mine)));
    gate.resolve();
    await saves.idle(id);
    // Left: the new snapshot and every chunk saved after the compaction read the chunks.
    const left = [...storage.chunks.keys()].filter((k) => k.startsWith(`${id}/`));
    expect(left.filter((k) => k.split('/')[1] === 'snapshot')).toHaveLength(1);
    expect(left.filter((k) => builtFrom.has(k))).toEqual([]);
    expect(left).toContain(`${id}/incremental/from-another-instance`);
    expect(left.length).toBeGreaterThanOrEqual(3);
    // The snapshot was stored before any chunk was deleted.
    expect(storage.log.indexOf('save snapshot')).toBeLessThan(storage.log.indexOf('remove incremental'));
    const loaded = await reload(storage, id);
    expect(Object.keys(loaded.items).sort()).toEqual([...Array.from({ length: EDITS_TO_COMPACT }, (_, n) => `i${n}`), 'i100', 'i200'].sort());
  });

  it('loses nothing when the process dies between storing the snapshot and deleting the chunks', async () => {
    const storage = new MemoryStorage();
    storage.failRemove = true;
    const errors: unknown[] = [];
    const repo = new Repo({ storage, network: [] });
    const sub = repo.storageSubsystem!;
    const saves = saveIncrementally(sub, storage, { compact: async (c) => compactChunks(c), onCompactionError: (e) => errors.push(e) });
    const fresh = newDoc();
    const id = fresh.id;
    let doc = fresh.doc;
    for (let n = 0; n < EDITS_TO_COMPACT; n++) {
      doc = A.change(doc, edit(n));
      await sub.saveDoc(id, doc);
    }
    await saves.idle(id);
    expect(errors).toHaveLength(1);
    expect(storage.kinds(id)).toContain('snapshot');
    expect(storage.kinds(id)).toContain('incremental');
    expect(Object.keys((await reload(storage, id)).items)).toHaveLength(EDITS_TO_COMPACT);
  });

  it('after a failed compaction, tries again only once as many incremental bytes again are saved', async () => {
    const storage = new MemoryStorage();
    let attempts = 0;
    const { saves, editAndSave } = setUp(storage, async (chunks) => {
      if (++attempts === 1) throw new Error('workers busy');
      return compactChunks(chunks);
    });
    const { id, doc } = newDoc();
    let mine = await editAndSave(id, doc, 0, EDITS_TO_COMPACT);
    await saves.idle(id);
    expect(attempts).toBe(1);
    // The next saves do not each read every chunk again for another attempt.
    mine = await editAndSave(id, mine, 100, EDITS_TO_COMPACT - 2);
    await saves.idle(id);
    expect(attempts).toBe(1);
    await editAndSave(id, mine, 200, 2);
    await saves.idle(id);
    expect(attempts).toBe(2);
    expect(storage.kinds(id)).toContain('snapshot');
  });

  it('leaves no snapshot behind for a document removed while it was being compacted', async () => {
    const storage = new MemoryStorage();
    const gate = deferred();
    const { saves, sub, editAndSave } = setUp(storage, async (chunks) => {
      await gate.promise;
      return compactChunks(chunks);
    });
    const { id, doc } = newDoc();
    await editAndSave(id, doc, 0, EDITS_TO_COMPACT);
    // As repo.delete does (not awaited), then the api removes the document's chunks itself.
    void sub.removeDoc(id);
    await storage.removeRange([id]);
    gate.resolve();
    await saves.idle(id);
    expect(storage.kinds(id)).toEqual([]);
  });

  it('waits for beforeSave, told the bytes stored so far, before storing; nothing stored meanwhile', async () => {
    const storage = new MemoryStorage();
    const gate = deferred();
    const told: number[] = [];
    const { sub } = setUp(storage, undefined, async (_id, storedBytes) => {
      told.push(storedBytes);
      if (told.length === 2) await gate.promise;
    });
    const { id, doc } = newDoc();
    const first = A.change(doc, edit(0));
    await sub.saveDoc(id, first);
    const second = A.change(first, edit(1));
    const saving = sub.saveDoc(id, second);
    await new Promise((r) => setTimeout(r, 5));
    // The second save is held: only the first edit is stored, and beforeSave was told its size.
    expect(storage.kinds(id)).toEqual(['incremental']);
    expect(told[0]).toBe(0);
    expect(told[1]).toBeGreaterThan(20_000);
    gate.resolve();
    await saving;
    expect(Object.keys((await reload(storage, id)).items).sort()).toEqual(['i0', 'i1']);
    // A save with nothing new is not held at all.
    await sub.saveDoc(id, second);
    expect(told).toHaveLength(2);
  });

  it('stores nothing for a document removed while its save waited in beforeSave', async () => {
    const storage = new MemoryStorage();
    const gate = deferred();
    const { sub } = setUp(storage, undefined, () => gate.promise);
    const { id, doc } = newDoc();
    const saving = sub.saveDoc(id, A.change(doc, edit(0)));
    void sub.removeDoc(id);
    await storage.removeRange([id]);
    gate.resolve();
    await saving;
    expect(storage.kinds(id)).toEqual([]);
  });

  it('stores the whole of a document that lacks the heads saved last, rather than nothing', async () => {
    const storage = new MemoryStorage();
    const { sub, editAndSave } = setUp(storage);
    const { id, doc } = newDoc();
    await editAndSave(id, doc, 0, 1);
    // A document that did not grow from the one saved (a branch from before its edit, another
    // actor): its own change must still be stored.
    const apart = A.change(A.load<Doc>(A.save(doc)), edit(7));
    await sub.saveDoc(id, apart);
    expect(Object.keys((await reload(storage, id)).items).sort()).toEqual(['i0', 'i7']);
  });

  it('a document loaded from storage saves from the heads it was loaded at', async () => {
    const storage = new MemoryStorage();
    const { id, doc } = newDoc();
    await setUp(storage).editAndSave(id, doc, 1, 1);
    const before = storage.kinds(id).length;
    const second = setUp(storage);
    const loaded = (await second.sub.loadDoc<Doc>(id))!;
    await second.sub.saveDoc(
      id,
      A.change(loaded, (d) => void (d.items['small'] = 'y')),
    );
    expect(storage.kinds(id)).toHaveLength(before + 1);
    expect([...storage.chunks.values()].at(-1)!.length).toBeLessThan(1_000);
  });
});
