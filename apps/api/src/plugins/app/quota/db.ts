import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The drizzle database the commerce services need: any pg dialect drizzle instance (PGlite or
 * node-postgres), or a transaction of one. Kept structural so the services do not depend on how
 * apps/api builds its client.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CommerceDb = PgDatabase<PgQueryResultHKT, any>;

/** Runs a raw statement and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: CommerceDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
