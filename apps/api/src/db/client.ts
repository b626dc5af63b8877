import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';

/** The drizzle database every plugin and route uses: PGlite or node-postgres, one schema. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A cheap round trip for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where drizzle-kit writes the migrations (apps/api/drizzle). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens the database (PGlite in `dataDir/db` when no URL is given) and applies pending migrations. */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client error (server restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = join(opts.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
