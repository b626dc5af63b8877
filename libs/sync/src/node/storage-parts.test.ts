// Chunks over STORAGE_PART_BYTES are stored in parts, a statement each, so no statement holds the
// api's one database session for long; these check the parts' bookkeeping and crash behaviour.
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findPostgresBin, startPostgres, type TestPostgres } from '../../../../tools/testing/postgres';
import { DrizzleStorageAdapter, STORAGE_PART_BYTES } from './drizzle-storage-adapter';
import { AUTOMERGE_STORAGE_DDL } from './storage-ddl';
import { inMemoryPglite } from '../../../../tools/testing/pglite-template';

let client: PGlite;
beforeAll(async () => {
  client = inMemoryPglite();
  await client.exec(AUTOMERGE_STORAGE_DDL);
});
afterAll(async () => client.close());
beforeEach(async () => client.exec('DELETE FROM automerge_storage; DELETE FROM automerge_storage_parts'));

/** Chunk data a statement carries (its bytea parameters). */
const paramBytes = (param: unknown): number => (param instanceof Uint8Array ? param.byteLength : 0);

/** An adapter whose statements are recorded (and can be made to fail or to run something first). */
function recordingAdapter(before: (query: string) => void = () => {}) {
  const statements: { query: string; bytes: number }[] = [];
  const db = drizzle(client, {
    logger: {
      logQuery(query, params) {
        statements.push({ query, bytes: params.reduce<number>((n, p) => n + paramBytes(p), 0) });
        before(query);
      },
    },
  });
  return { adapter: new DrizzleStorageAdapter(db), statements };
}

async function partsOf(key: string): Promise<number[]> {
  const rows = await client.query<{ part: number }>('SELECT part FROM automerge_storage_parts WHERE key = $1 ORDER BY part', [key]);
  return rows.rows.map((r) => r.part);
}

const isMainRowWrite = (query: string) => query.startsWith('with "before"');

describe('DrizzleStorageAdapter parts', () => {
  it('stores a 1.1 MB chunk as 5 parts, no statement carrying over STORAGE_PART_BYTES, and reads it back', async () => {
    const { adapter, statements } = recordingAdapter();
    const value = randomBytes(1_100_000);
    await adapter.save(['doc', 'snapshot', 'big'], value);

    expect(await partsOf('doc/snapshot/big')).toEqual([0, 1, 2, 3, 4]);
    const main = await client.query<{ parts: number; size: number }>(
      "SELECT parts, octet_length(data) AS size FROM automerge_storage WHERE key = 'doc/snapshot/big'",
    );
    expect(main.rows[0]).toEqual({ parts: 5, size: 0 });
    expect(Math.max(...statements.map((s) => s.bytes))).toBeLessThanOrEqual(STORAGE_PART_BYTES);
    expect(statements.filter((s) => s.bytes > 0).map((s) => s.bytes)).toEqual([...Array(4).fill(STORAGE_PART_BYTES), 1_100_000 - 4 * STORAGE_PART_BYTES]);

    expect(await adapter.load(['doc', 'snapshot', 'big'])).toEqual(new Uint8Array(value));
    await adapter.save(['doc', 'incremental', 'small'], new Uint8Array([7]));
    const range = await adapter.loadRange(['doc']);
    expect(range.map((c) => c.key.join('/'))).toEqual(['doc/snapshot/big', 'doc/incremental/small']);
    expect(range[0]!.data).toEqual(new Uint8Array(value));
  });

  it('overwriting with a smaller chunk leaves no stale parts (5 -> 2, 5 -> 0)', async () => {
    const { adapter } = recordingAdapter();
    const two = randomBytes(STORAGE_PART_BYTES + 10);
    await adapter.save(['k', 'a'], randomBytes(1_100_000));
    await adapter.save(['k', 'a'], two);
    expect(await partsOf('k/a')).toEqual([0, 1]);
    expect(await adapter.load(['k', 'a'])).toEqual(new Uint8Array(two));

    const small = randomBytes(1000);
    await adapter.save(['k', 'b'], randomBytes(1_100_000));
    await adapter.save(['k', 'b'], small);
    expect(await partsOf('k/b')).toEqual([]);
    expect(await adapter.load(['k', 'b'])).toEqual(new Uint8Array(small));
  });

  it('a save cut before its main row leaves nothing visible; sweepOrphanParts removes its parts after the grace period only', async () => {
    const { adapter } = recordingAdapter((query) => {
      if (isMainRowWrite(query)) throw new Error('killed');
    });
    await expect(adapter.save(['d', 'incremental', 'cut'], randomBytes(1_100_000))).rejects.toThrow('killed');
    const { adapter: healthy } = recordingAdapter();
    const kept = randomBytes(600_000);
    await healthy.save(['d', 'incremental', 'kept'], kept);

    expect(await partsOf('d/incremental/cut')).toEqual([0, 1, 2, 3, 4]);
    expect(await healthy.load(['d', 'incremental', 'cut'])).toBeUndefined();
    expect((await healthy.loadRange(['d'])).map((c) => c.key[2])).toEqual(['kept']);

    // Young parts may be a save in flight on another instance.
    expect(await healthy.sweepOrphanParts()).toBe(0);
    await client.exec("UPDATE automerge_storage_parts SET updated_at = now() - interval '2 hours'");
    expect(await healthy.sweepOrphanParts()).toBe(5);
    expect(await partsOf('d/incremental/cut')).toEqual([]);
    expect(await partsOf('d/incremental/kept')).toEqual([0, 1, 2]);
    expect(await healthy.load(['d', 'incremental', 'kept'])).toEqual(new Uint8Array(kept));
  });

  it('remove and removeRange delete the parts', async () => {
    const { adapter } = recordingAdapter();
    await adapter.save(['r', 'incremental', 'one'], randomBytes(1_100_000));
    await adapter.save(['r', 'incremental', 'two'], randomBytes(700_000));
    await adapter.save(['s', 'incremental', 'three'], randomBytes(700_000));
    await adapter.remove(['r', 'incremental', 'one']);
    expect(await partsOf('r/incremental/one')).toEqual([]);
    expect(await partsOf('r/incremental/two')).toEqual([0, 1, 2]);
    await adapter.removeRange(['r']);
    expect(await partsOf('r/incremental/two')).toEqual([]);
    expect(await adapter.loadRange(['r'])).toEqual([]);
    expect(await partsOf('s/incremental/three')).toEqual([0, 1, 2]);
  });

  it('a missing part makes load and loadRange throw, naming the key', async () => {
    const { adapter } = recordingAdapter();
    await adapter.save(['m', 'snapshot', 'lost'], randomBytes(1_100_000));
    await client.exec("DELETE FROM automerge_storage_parts WHERE key = 'm/snapshot/lost' AND part = 2");
    await expect(adapter.load(['m', 'snapshot', 'lost'])).rejects.toThrow(/m\/snapshot\/lost.*2 of 5/);
    await expect(adapter.loadRange(['m'])).rejects.toThrow(/m\/snapshot\/lost/);
  });

  it('reads a range again when a chunk is removed while its parts are read (compaction)', async () => {
    let removeOnce = true;
    const { adapter } = recordingAdapter((query) => {
      // PGlite runs queries in call order: this removal lands before the part read that follows.
      if (removeOnce && query.includes('from "automerge_storage_parts"')) {
        removeOnce = false;
        void client.exec("DELETE FROM automerge_storage WHERE key = 'c/incremental/old'; DELETE FROM automerge_storage_parts WHERE key = 'c/incremental/old'");
      }
    });
    await adapter.save(['c', 'incremental', 'old'], randomBytes(STORAGE_PART_BYTES + 1));
    await adapter.save(['c', 'snapshot', 'new'], new Uint8Array([1]));
    expect((await adapter.loadRange(['c'])).map((c) => c.key[2])).toEqual(['new']);
    expect(removeOnce).toBe(false);
  });

  it('reads many small chunks, and one stored whole before parts existed, in write order and in bounded batches', async () => {
    const { adapter, statements } = recordingAdapter();
    const values = Array.from({ length: 6 }, () => randomBytes(100_000));
    for (const [i, value] of values.entries()) await adapter.save(['b', 'incremental', `h${i}`], value);
    await client.query("INSERT INTO automerge_storage (key, data, updated_at) VALUES ('b/snapshot/legacy', $1, now() + interval '1 hour')", [
      randomBytes(400_000),
    ]);
    statements.length = 0;
    const range = await adapter.loadRange(['b']);
    expect(range.map((c) => c.key[2])).toEqual(['h0', 'h1', 'h2', 'h3', 'h4', 'h5', 'legacy']);
    range.slice(0, 6).forEach((chunk, i) => expect(chunk.data).toEqual(new Uint8Array(values[i]!)));
    expect(range[6]!.data!.length).toBe(400_000);
    // The listing carries h0 and h1; then h2+h3, h4+h5 and the legacy row alone.
    expect(statements).toHaveLength(4);
  });
});

// node-postgres sends bytea parameters in binary and reads them back as hex text: the same paths there.
const pgBin = findPostgresBin();
describe.runIf(pgBin)('DrizzleStorageAdapter parts on PostgreSQL', () => {
  let server: TestPostgres;
  let pool: pg.Pool;
  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: await server.createDatabase('storage_parts') });
    await pool.query(AUTOMERGE_STORAGE_DDL);
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  it('saves, overwrites, loads, sweeps and removes a chunk in parts', async () => {
    const adapter = new DrizzleStorageAdapter(drizzlePg(pool));
    const count = async (key: string) =>
      (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM automerge_storage_parts WHERE key = $1', [key])).rows[0]!.n;
    const big = randomBytes(1_100_000);
    await adapter.save(['p', 'snapshot', 'a'], big);
    expect(await count('p/snapshot/a')).toBe(5);
    expect(await adapter.load(['p', 'snapshot', 'a'])).toEqual(new Uint8Array(big));
    const smaller = randomBytes(STORAGE_PART_BYTES + 1);
    await adapter.save(['p', 'snapshot', 'a'], smaller);
    expect(await count('p/snapshot/a')).toBe(2);
    await adapter.save(['p', 'incremental', 'b'], new Uint8Array([1, 2]));
    const range = await adapter.loadRange(['p']);
    expect(range.map((c) => c.key[2])).toEqual(['a', 'b']);
    expect(range[0]!.data).toEqual(new Uint8Array(smaller));

    await pool.query("INSERT INTO automerge_storage_parts (key, part, data, updated_at) VALUES ('p/incremental/cut', 0, '\\x00', now() - interval '2 hours')");
    expect(await adapter.sweepOrphanParts()).toBe(1);
    await adapter.removeRange(['p']);
    expect(await count('p/snapshot/a')).toBe(0);
    expect(await adapter.loadRange(['p'])).toEqual([]);
  });
});
