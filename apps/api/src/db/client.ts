import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DatabaseDamagedError, type DatabaseCheck } from './damage';
import { checkDatabase } from './integrity';
import { listenPglite, listenPostgres, type ListenOptions, type Unlisten } from './listen';
import { pgliteByteaCodecs } from './pglite-codecs';
import { findDamagedPgliteFile } from './pglite-files';
import * as schema from './schema/index';

/** The drizzle database every plugin and route uses: PGlite or node-postgres, one schema. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A cheap round trip for /api/health. */
  ping(): Promise<void>;
  /** Follows a NOTIFY channel (PGlite's own connection, or a PostgreSQL connection of its own). */
  listen(options: ListenOptions): Promise<Unlisten>;
  /** The start-up check's result (every table read before anything wrote), for /api/health. */
  check: DatabaseCheck;
  close(): Promise<void>;
}

/** The PostgreSQL advisory lock key instances take while migrating ("beamstag" in ASCII). */
export const MIGRATION_LOCK_KEY = '7090180311081050471';

/** Where drizzle-kit writes the migrations (apps/api/drizzle). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database (PGlite in `dataDir/db` when no URL is given), reads every table the studio
 * owns, then applies pending migrations. A database that fails to open or to be read throws a
 * DatabaseDamagedError naming the file or table, before any migration or write.
 */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client error (server restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema });
    let check: DatabaseCheck;
    const client = await pool.connect();
    try {
      check = await checkDatabase(async <T>(sql: string) => (await client.query(sql)).rows as T[], { kind: 'postgres', location: 'DATABASE_URL' });
    } catch (err) {
      client.release();
      await pool.end().catch(() => undefined);
      throw err;
    }
    // Instances started together on one database (a compose file, a rolling deploy): one applies
    // the migrations under a session lock, the others wait for it and then find nothing to do.
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    } catch (err) {
      client.release();
      await pool.end().catch(() => undefined);
      throw err;
    }
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      check,
      ping: async () => void (await pool.query('select 1')),
      listen: (options) => listenPostgres(opts.databaseUrl!, options),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = join(opts.dataDir, 'db');
  const existed = existsSync(join(dir, 'PG_VERSION'));
  mkdirSync(dir, { recursive: true });
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create(dir, pgliteByteaCodecs);
  } catch (err) {
    // PGlite's own words ("PGlite failed to initialize properly", "Aborted()") name no file.
    if (!existed) throw err;
    const file = findDamagedPgliteFile(dir);
    throw new DatabaseDamagedError(file ? `file ${file}` : `the folder ${dir}`, err instanceof Error ? err.message : String(err), 'pglite', dir);
  }
  // A failed check leaves the client open on purpose: closing writes a shutdown checkpoint, and
  // the process exits next.
  const check = await checkDatabase(async <T>(sql: string) => (await client.query<T>(sql)).rows, { kind: 'pglite', location: dir, dbDir: dir });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    check,
    ping: async () => void (await client.query('select 1')),
    listen: (options) => listenPglite(client, options),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
