import { join } from 'node:path';
import { DatabaseDamagedError, type DatabaseCheck } from './damage';

/** A query on one connection (PGlite's client, or one pooled node-postgres client). */
export type RawQuery = <T>(sql: string) => Promise<T[]>;

/** The schemas the studio owns: its tables and drizzle's migration journal. */
const OWN_SCHEMAS = ['public', 'drizzle'];

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Reads every table the studio owns, every page of it, before anything writes: a damaged page
 * answers with Postgres's own error ("invalid page in block 0 of relation base/5/16482"), which is
 * turned into a message naming the table and its file. Index scans are off so each count reads
 * the table itself, not an index beside it. Read-only: a failure leaves the database as it was.
 * `dbDir` (PGlite) makes file names absolute; on PostgreSQL they are relative to its data directory.
 */
export async function checkDatabase(query: RawQuery, opts: { kind: 'pglite' | 'postgres'; location: string; dbDir?: string }): Promise<DatabaseCheck> {
  const started = performance.now();
  const fileOf = (relative: string) => (opts.dbDir ? join(opts.dbDir, relative) : `${relative} in the PostgreSQL data directory`);
  let tables: { schema: string; name: string; file: string }[];
  try {
    await query('BEGIN READ ONLY');
    await query('SET LOCAL enable_indexscan = off');
    await query('SET LOCAL enable_indexonlyscan = off');
    await query('SET LOCAL enable_bitmapscan = off');
    tables = await query<{ schema: string; name: string; file: string }>(
      `SELECT n.nspname AS schema, c.relname AS name, pg_relation_filepath(c.oid) AS file FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname IN (${OWN_SCHEMAS.map((s) => `'${s}'`).join(', ')}) ORDER BY n.nspname, c.relname`,
    );
  } catch (err) {
    await query('ROLLBACK').catch(() => undefined);
    throw new DatabaseDamagedError('the system catalog', message(err), opts.kind, opts.location);
  }
  try {
    for (const table of tables) {
      try {
        await query(`SELECT count(*) FROM ${quote(table.schema)}.${quote(table.name)}`);
      } catch (err) {
        const label = table.schema === 'public' ? table.name : `${table.schema}.${table.name}`;
        throw new DatabaseDamagedError(`table ${label} (file ${fileOf(table.file)})`, message(err), opts.kind, opts.location);
      }
    }
  } finally {
    await query('ROLLBACK').catch(() => undefined);
  }
  return { ok: true, tables: tables.length, ms: Math.round(performance.now() - started) };
}
