import type { PGlite } from '@electric-sql/pglite';
import { runStorageAdapterTests } from '@automerge/automerge-repo/helpers/tests/storage-adapter-tests.js';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, startPostgres, type TestPostgres } from '../../../../tools/testing/postgres';
import { DrizzleStorageAdapter } from './drizzle-storage-adapter';
import { AUTOMERGE_STORAGE_DDL } from './storage-ddl';
import { inMemoryPglite } from '../../../../tools/testing/pglite-template';

describe('DrizzleStorageAdapter on PGlite', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = inMemoryPglite();
    await client.exec(AUTOMERGE_STORAGE_DDL);
  });
  afterAll(async () => client.close());

  runStorageAdapterTests(async () => {
    const db = drizzlePglite(client);
    await db.execute(sql`DELETE FROM automerge_storage`);
    return { adapter: new DrizzleStorageAdapter(db) };
  }, 'PGlite');

  it('matches prefixes by whole key parts and literally (no LIKE wildcards)', async () => {
    const db = drizzlePglite(client);
    await db.execute(sql`DELETE FROM automerge_storage`);
    const adapter = new DrizzleStorageAdapter(db);
    await adapter.save(['AB', 'x'], new Uint8Array([1]));
    await adapter.save(['ABC', 'x'], new Uint8Array([2]));
    await adapter.save(['A_', 'x'], new Uint8Array([3]));
    expect((await adapter.loadRange(['AB'])).map((c) => c.key)).toEqual([['AB', 'x']]);
    expect((await adapter.loadRange(['A_'])).map((c) => c.key)).toEqual([['A_', 'x']]);
    await adapter.removeRange(['A_']);
    expect(await adapter.load(['AB', 'x'])).toEqual(new Uint8Array([1]));
    await expect(adapter.save(['a/b'], new Uint8Array([1]))).rejects.toThrow(/contains/);
  });

  it('keeps write order when writes share one clock tick (a frozen clock), overwrites included', async () => {
    const db = drizzlePglite(client);
    await db.execute(sql`DELETE FROM automerge_storage`);
    const adapter = new DrizzleStorageAdapter(db, () => 1_700_000_000_000);
    // Keys in reverse alphabetical order: an order by key alone would turn them round.
    for (const part of ['zz', 'yy', 'xx', 'ww']) await adapter.save(['D', part], new Uint8Array([1]));
    await adapter.save(['D', 'zz'], new Uint8Array([2]));
    expect((await adapter.loadRange(['D'])).map((c) => c.key[1])).toEqual(['yy', 'xx', 'ww', 'zz']);
  });
});

const pgBin = findPostgresBin();
describe.runIf(pgBin)('DrizzleStorageAdapter on PostgreSQL', () => {
  let server: TestPostgres;
  let pool: pg.Pool;
  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: await server.createDatabase('storage_adapter') });
    await pool.query(AUTOMERGE_STORAGE_DDL);
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  runStorageAdapterTests(async () => {
    const db = drizzlePg(pool);
    await db.execute(sql`DELETE FROM automerge_storage`);
    return { adapter: new DrizzleStorageAdapter(db) };
  }, 'PostgreSQL');
});
