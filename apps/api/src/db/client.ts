import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import { DatabaseDamagedError, type DatabaseCheck } from './damage';
import { checkDatabase } from './integrity';
import { listenPostgres, sessionListeners, type ListenOptions, type Unlisten } from './listen';
import { findDamagedPgliteFile } from './pglite-files';
import { PgliteOpenError, startPgliteThread, type PgliteThread } from './pglite-thread';
import { PortStream } from './port-stream';
import * as schema from './schema/index';

/** The drizzle database every plugin and route uses: PGlite or node-postgres, one schema. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A cheap round trip for /api/health. */
  ping(): Promise<void>;
  /** Follows a NOTIFY channel on a connection of its own. */
  listen(options: ListenOptions): Promise<Unlisten>;
  /** The start-up check's result (every table read before anything wrote), for /api/health. */
  check: DatabaseCheck;
  /** Called once if the embedded database fails while running (never on PostgreSQL). */
  onFailure(listener: (reason: string) => void): void;
  close(): Promise<void>;
}

/** The PostgreSQL advisory lock key instances take while migrating ("beamstag" in ASCII). */
export const MIGRATION_LOCK_KEY = '7090180311081050471';

/** Where drizzle-kit writes the migrations (apps/api/drizzle). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** How node-postgres reaches the database: a URL, or a stream to the embedded database's thread. */
type Connection = { connectionString: string } | { stream: () => PortStream; user: string; database: string; password: string };

/**
 * Reads every table (the start-up check), applies pending migrations under the migration lock and
 * returns the drizzle database on a node-postgres pool: PostgreSQL and the embedded PGlite alike.
 * On failure the pool is ended and the error thrown; nothing was written if the check failed.
 */
async function openPool(
  connection: Connection,
  opts: { kind: 'pglite' | 'postgres'; location: string; dbDir?: string; max: number; idleTimeoutMillis?: number; onClient?: (client: PoolClient) => void },
) {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({ ...connection, max: opts.max, idleTimeoutMillis: opts.idleTimeoutMillis, allowExitOnIdle: opts.kind === 'pglite' });
  // An idle client error (server restart) must not crash the process.
  pool.on('error', () => undefined);
  if (opts.onClient) pool.on('connect', opts.onClient);
  const db = drizzle(pool, { schema });
  let check: DatabaseCheck;
  const client = await pool.connect().catch(async (err: unknown) => {
    await pool.end().catch(() => undefined);
    throw err;
  });
  try {
    check = await checkDatabase(async <T>(sql: string) => (await client.query(sql)).rows as T[], opts);
    // Instances started together on one database (a compose file, a rolling deploy): one applies
    // the migrations under a session lock, the others wait for it and then find nothing to do.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    client.release();
    await pool.end().catch(() => undefined);
    throw err;
  }
  await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
  client.release();
  return { pool, db: db as unknown as Db, check };
}

/**
 * Opens the database (PGlite in `dataDir/db` when no URL is given), reads every table the studio
 * owns, then applies pending migrations. A database that fails to open or to be read throws a
 * DatabaseDamagedError naming the file or table, before any migration or write.
 *
 * The embedded PGlite runs in a worker thread of its own (pglite-thread.ts), reached over
 * PostgreSQL's wire protocol by the same node-postgres and drizzle code as PostgreSQL: a large
 * write (a multi-MB row parsed, TOASTed and written by PGlite's wasm) no longer holds the api's
 * event loop, so other requests, new connections and sync messages go on meanwhile.
 */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    const { pool, db, check } = await openPool({ connectionString: url }, { kind: 'postgres', location: 'DATABASE_URL', max: 10 });
    return {
      db,
      kind: 'postgres',
      check,
      ping: async () => void (await pool.query('select 1')),
      listen: (options) => listenPostgres({ connectionString: url }, options),
      onFailure: () => undefined,
      close: () => pool.end(),
    };
  }
  const dir = join(opts.dataDir, 'db');
  const existed = existsSync(join(dir, 'PG_VERSION'));
  mkdirSync(dir, { recursive: true });
  let thread: PgliteThread;
  try {
    thread = await startPgliteThread(dir);
  } catch (err) {
    // PGlite's own words ("PGlite failed to initialize properly", "Aborted()") name no file.
    if (!existed || !(err instanceof PgliteOpenError)) throw err;
    if (err.code) throw err;
    const file = findDamagedPgliteFile(dir);
    throw new DatabaseDamagedError(file ? `file ${file}` : `the folder ${dir}`, err.message, 'pglite', dir);
  }
  // PGlite is one session: every connection's work is serialised by the thread (shared-session.ts),
  // which also keeps a transaction's statements together. Idle connections stay open (a new one
  // costs a start-up round trip on the one session).
  const connection: Connection = { stream: () => new PortStream(() => thread.connect()), user: 'postgres', database: 'postgres', password: '' };
  const listeners = sessionListeners();
  let opened: Awaited<ReturnType<typeof openPool>>;
  try {
    opened = await openPool(connection, { kind: 'pglite', location: dir, dbDir: dir, max: 4, idleTimeoutMillis: 0, onClient: listeners.attach });
  } catch (err) {
    // A database that failed its check is left as it was: the thread ends without PGlite's close,
    // which would write a shutdown checkpoint.
    if (err instanceof DatabaseDamagedError) await thread.abandon();
    else await thread.close();
    throw err;
  }
  const { pool, db, check } = opened;
  return {
    db,
    kind: 'pglite',
    check,
    ping: async () => void (await pool.query('select 1')),
    listen: (options) => listeners.listen((sql) => pool.query(sql), options),
    onFailure: (listener) => thread.onFailure(listener),
    close: async () => {
      await pool.end().catch(() => undefined);
      await thread.close();
    },
  };
}
