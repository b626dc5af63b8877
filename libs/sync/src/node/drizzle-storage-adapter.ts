import type { Chunk, StorageAdapterInterface, StorageKey } from '@automerge/automerge-repo';
import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { automergeStorage } from './storage-table';

/** Any drizzle Postgres database: PGlite, node-postgres or postgres.js. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPgDatabase = PgDatabase<PgQueryResultHKT, any, any>;

/** Joins a StorageKey into the table's text key; parts never contain '/' (ids are base58, hashes hex). */
export const KEY_SEPARATOR = '/';

const joinKey = (key: StorageKey): string => {
  for (const part of key) {
    if (part.includes(KEY_SEPARATOR)) throw new Error(`Storage key part contains '${KEY_SEPARATOR}': ${part}`);
  }
  return key.join(KEY_SEPARATOR);
};

/** Escapes LIKE wildcards so a prefix is matched literally. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const toBytes = (value: Uint8Array): Uint8Array => (value instanceof Uint8Array && value.constructor === Uint8Array ? value : new Uint8Array(value));

/**
 * automerge-repo storage over the api's database through drizzle. Every write is one statement
 * (an upsert or a delete), so a crash never leaves half a chunk: Postgres commits it whole or not at all.
 */
export class DrizzleStorageAdapter implements StorageAdapterInterface {
  /** The last write time given out, in microseconds since the epoch. */
  private lastWriteMicros = 0;

  constructor(
    private readonly db: AnyPgDatabase,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /**
   * Write times strictly increasing in call order, so loadRange returns chunks in write order:
   * the database's clock_timestamp() repeated a value for two quick writes on PGlite (CI saw it).
   * Microseconds as text, which Postgres stores exactly.
   */
  private nextWriteTime(): string {
    const now = Math.floor(this.nowMs() * 1000);
    this.lastWriteMicros = now > this.lastWriteMicros ? now : this.lastWriteMicros + 1;
    const ms = Math.floor(this.lastWriteMicros / 1000);
    const micros = String(this.lastWriteMicros % 1000).padStart(3, '0');
    return new Date(ms).toISOString().replace('Z', `${micros}Z`);
  }

  /** Loads one chunk, or undefined. */
  async load(key: StorageKey): Promise<Uint8Array | undefined> {
    const rows = await this.db
      .select({ data: automergeStorage.data })
      .from(automergeStorage)
      .where(eq(automergeStorage.key, joinKey(key)))
      .limit(1);
    return rows[0] ? toBytes(rows[0].data) : undefined;
  }

  /** Saves (or overwrites) one chunk. */
  async save(key: StorageKey, data: Uint8Array): Promise<void> {
    const at = sql`${this.nextWriteTime()}::timestamptz`;
    await this.db
      .insert(automergeStorage)
      .values({ key: joinKey(key), data, updatedAt: at })
      .onConflictDoUpdate({ target: automergeStorage.key, set: { data, updatedAt: at } });
  }

  /** Removes one chunk. */
  async remove(key: StorageKey): Promise<void> {
    await this.db.delete(automergeStorage).where(eq(automergeStorage.key, joinKey(key)));
  }

  /** Loads every chunk whose key starts with the prefix (whole parts only), in write order. */
  async loadRange(keyPrefix: StorageKey): Promise<Chunk[]> {
    const rows = await this.db
      .select({ key: automergeStorage.key, data: automergeStorage.data })
      .from(automergeStorage)
      .where(prefixWhere(keyPrefix))
      .orderBy(asc(automergeStorage.updatedAt), asc(automergeStorage.key));
    return rows.map((row) => ({ key: row.key.split(KEY_SEPARATOR), data: toBytes(row.data) }));
  }

  /** Removes every chunk whose key starts with the prefix, in one statement. */
  async removeRange(keyPrefix: StorageKey): Promise<void> {
    await this.db.delete(automergeStorage).where(prefixWhere(keyPrefix));
  }
}

function prefixWhere(keyPrefix: StorageKey) {
  if (keyPrefix.length === 0) return sql`true`;
  const prefix = joinKey(keyPrefix);
  return or(eq(automergeStorage.key, prefix), and(like(automergeStorage.key, `${escapeLike(prefix)}${KEY_SEPARATOR}%`)));
}
