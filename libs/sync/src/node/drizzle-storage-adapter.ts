import type { Chunk, StorageAdapterInterface, StorageKey } from '@automerge/automerge-repo';
import { and, asc, eq, inArray, like, lte, or, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { automergeStorage, automergeStorageParts } from './storage-table';

/** Any drizzle Postgres database: PGlite, node-postgres or postgres.js. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyPgDatabase = PgDatabase<PgQueryResultHKT, any, any>;

/** Joins a StorageKey into the table's text key; parts never contain '/' (ids are base58, hashes hex). */
export const KEY_SEPARATOR = '/';

/**
 * The most chunk bytes one statement carries. The api serves every statement through one PGlite
 * session, one at a time: a statement moving a multi-MB chunk held it for 100-230 ms under load,
 * and every other request waited. Larger chunks go in parts of this size, a statement each, so
 * other statements run between them.
 */
export const STORAGE_PART_BYTES = 256 * 1024;

/** How long a part without a main row is left alone by sweepOrphanParts: a save may still be writing it. */
export const ORPHAN_PART_GRACE_MS = 3_600_000;

/** Reads of a range that changed under them (compaction removed a chunk) are started again this often. */
const MAX_READ_TRIES = 5;

const EMPTY = new Uint8Array(0);

const joinKey = (key: StorageKey): string => {
  for (const part of key) {
    if (part.includes(KEY_SEPARATOR)) throw new Error(`Storage key part contains '${KEY_SEPARATOR}': ${part}`);
  }
  return key.join(KEY_SEPARATOR);
};

/** Escapes LIKE wildcards so a prefix is matched literally. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const toBytes = (value: Uint8Array): Uint8Array => (value instanceof Uint8Array && value.constructor === Uint8Array ? value : new Uint8Array(value));

const partsOf = (length: number): number => (length > STORAGE_PART_BYTES ? Math.ceil(length / STORAGE_PART_BYTES) : 0);

/** The exact write time as text: a Date would drop the microseconds that tell two writes apart. */
const updatedAtText = sql<string>`${automergeStorage.updatedAt}::text`;

/** A main row as read: where its chunk is, and which write it was. */
interface MainRow {
  key: string;
  parts: number;
  updatedAt: string;
  /** The chunk when parts = 0 and it came with the row; null when it is still to be read. */
  data: Uint8Array | null;
}

/** Thrown inside a read when a row changed under it; the read starts again. */
class ChangedUnderRead extends Error {}

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/**
 * automerge-repo storage over the api's database through drizzle. No statement carries more than
 * STORAGE_PART_BYTES of chunk data (see there). A chunk up to that size is one row, written by one
 * statement. A larger one is written part by part into automerge_storage_parts and then its main
 * row, which alone makes it visible: a crash between parts leaves nothing visible, only orphan
 * parts that sweepOrphanParts removes. Removing deletes the main row first, for the same reason.
 * Nothing runs in a transaction: one would hold the api's only database session throughout.
 *
 * Keys are content hashes (or small, like sync states), so overwriting a multi-part chunk with
 * different bytes while it is read is not guarded against.
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
    const joined = joinKey(key);
    return this.retryChanged(`chunk ${joined}`, async () => {
      const rows = await this.db
        .select({ key: automergeStorage.key, parts: automergeStorage.parts, updatedAt: updatedAtText, data: automergeStorage.data })
        .from(automergeStorage)
        .where(eq(automergeStorage.key, joined))
        .limit(1);
      return rows[0] ? this.chunkOf(rows[0]) : undefined;
    });
  }

  /** Saves (or overwrites) one chunk. */
  async save(key: StorageKey, data: Uint8Array): Promise<void> {
    const joined = joinKey(key);
    const parts = partsOf(data.length);
    for (let part = 0; part < parts; part++) {
      await this.savePart(joined, part, data.subarray(part * STORAGE_PART_BYTES, (part + 1) * STORAGE_PART_BYTES));
    }
    const at = this.nextWriteTime();
    const previousParts = await this.saveMain(joined, parts === 0 ? data : EMPTY, parts, at);
    await this.removeParts(joined, parts, previousParts, at);
  }

  /** Removes one chunk: the main row first, so it disappears whole, then its parts. */
  async remove(key: StorageKey): Promise<void> {
    const removed = await this.db
      .delete(automergeStorage)
      .where(eq(automergeStorage.key, joinKey(key)))
      .returning({ key: automergeStorage.key, parts: automergeStorage.parts, updatedAt: updatedAtText });
    for (const row of removed) await this.removeParts(row.key, 0, row.parts, row.updatedAt);
  }

  /** Loads every chunk whose key starts with the prefix (whole parts only), in write order. */
  async loadRange(keyPrefix: StorageKey): Promise<Chunk[]> {
    return this.retryChanged(`range ${joinKey(keyPrefix)}/`, () => this.readRange(keyPrefix));
  }

  /** Removes every chunk whose key starts with the prefix: their main rows in one statement, then their parts. */
  async removeRange(keyPrefix: StorageKey): Promise<void> {
    const removed = await this.db
      .delete(automergeStorage)
      .where(prefixWhere(keyPrefix))
      .returning({ key: automergeStorage.key, parts: automergeStorage.parts, updatedAt: updatedAtText });
    for (const row of removed) await this.removeParts(row.key, 0, row.parts, row.updatedAt);
  }

  /**
   * Deletes parts no main row counts (left by a save cut short, or stale after a raced overwrite)
   * once older than the grace period, so a save still in flight on another instance keeps its
   * parts. Returns how many it deleted. Call it at start; it is cheap when there is nothing to do.
   */
  async sweepOrphanParts(olderThanMs = ORPHAN_PART_GRACE_MS): Promise<number> {
    const orphan = and(
      sql`${automergeStorageParts.updatedAt} < now() - make_interval(secs => ${olderThanMs / 1000})`,
      sql`not exists (select 1 from ${automergeStorage} where ${automergeStorage.key} = ${automergeStorageParts.key} and ${automergeStorage.parts} > ${automergeStorageParts.part})`,
    );
    const found = await this.db.select({ key: automergeStorageParts.key, part: automergeStorageParts.part }).from(automergeStorageParts).where(orphan);
    let deleted = 0;
    // A part a statement, each checked again: a save may have written its main row since.
    for (const { key, part } of found) {
      const rows = await this.db
        .delete(automergeStorageParts)
        .where(and(eq(automergeStorageParts.key, key), eq(automergeStorageParts.part, part), orphan))
        .returning({ part: automergeStorageParts.part });
      deleted += rows.length;
    }
    return deleted;
  }

  private async savePart(key: string, part: number, data: Uint8Array): Promise<void> {
    await this.db
      .insert(automergeStorageParts)
      .values({ key, part, data, updatedAt: sql`${this.nextWriteTime()}::timestamptz` })
      .onConflictDoUpdate({
        target: [automergeStorageParts.key, automergeStorageParts.part],
        // excluded, not the values again: a second copy of the data would double the statement.
        set: { data: sql`excluded.data`, updatedAt: sql`excluded.updated_at` },
      });
  }

  /**
   * Writes the main row and returns how many parts the key had before (0 when new), in the same
   * statement: the common save (a new content-hashed key) then needs no second one.
   */
  private async saveMain(key: string, data: Uint8Array, parts: number, at: string): Promise<number> {
    // All of one statement sees the same snapshot, so this reads the row as it was before the upsert.
    const before = this.db.$with('before').as(this.db.select({ parts: automergeStorage.parts }).from(automergeStorage).where(eq(automergeStorage.key, key)));
    const rows = await this.db
      .with(before)
      .insert(automergeStorage)
      .values({ key, data, parts, updatedAt: sql`${at}::timestamptz` })
      .onConflictDoUpdate({
        target: automergeStorage.key,
        set: { data: sql`excluded.data`, parts: sql`excluded.parts`, updatedAt: sql`excluded.updated_at` },
      })
      .returning({ previousParts: sql<number | null>`(select "parts" from "before")` });
    return rows[0]?.previousParts ?? 0;
  }

  /**
   * Deletes parts from..to-1 of a key, a statement each, written no later than `notAfter` (the
   * main row that counted them): a save of the same key in flight writes newer parts, which stay.
   */
  private async removeParts(key: string, from: number, to: number, notAfter: string): Promise<void> {
    for (let part = from; part < to; part++) {
      await this.db
        .delete(automergeStorageParts)
        .where(
          and(eq(automergeStorageParts.key, key), eq(automergeStorageParts.part, part), lte(automergeStorageParts.updatedAt, sql`${notAfter}::timestamptz`)),
        );
    }
  }

  /** A main row's chunk: the row's own data, or its parts read a statement each. */
  private async chunkOf(row: MainRow): Promise<Uint8Array> {
    if (row.parts === 0) return toBytes(row.data ?? (await this.readMainData([row]))[0]!);
    const pieces: Uint8Array[] = [];
    for (let part = 0; part < row.parts; part++) {
      const found = await this.db
        .select({ data: automergeStorageParts.data })
        .from(automergeStorageParts)
        .where(and(eq(automergeStorageParts.key, row.key), eq(automergeStorageParts.part, part)))
        .limit(1);
      if (!found[0]) break;
      pieces.push(toBytes(found[0].data));
    }
    if (pieces.length !== row.parts) {
      // Removed or overwritten while read: read again. Else the parts are lost, and saying so
      // beats handing automerge a truncated chunk.
      if (await this.mainRowChanged(row)) throw new ChangedUnderRead();
      throw new Error(`Storage chunk ${row.key} is missing parts: ${pieces.length} of ${row.parts} found`);
    }
    return concat(pieces);
  }

  /** The data of main rows (parts = 0) read after their listing; throws ChangedUnderRead if one changed meanwhile. */
  private async readMainData(rows: MainRow[]): Promise<Uint8Array[]> {
    const found = await this.db
      .select({ key: automergeStorage.key, updatedAt: updatedAtText, data: automergeStorage.data })
      .from(automergeStorage)
      .where(
        inArray(
          automergeStorage.key,
          rows.map((r) => r.key),
        ),
      );
    const byKey = new Map(found.map((f) => [f.key, f]));
    return rows.map((row) => {
      const now = byKey.get(row.key);
      if (!now || now.updatedAt !== row.updatedAt) throw new ChangedUnderRead();
      return toBytes(now.data);
    });
  }

  private async mainRowChanged(row: MainRow): Promise<boolean> {
    const now = await this.db
      .select({ parts: automergeStorage.parts, updatedAt: updatedAtText })
      .from(automergeStorage)
      .where(eq(automergeStorage.key, row.key))
      .limit(1);
    return !now[0] || now[0].parts !== row.parts || now[0].updatedAt !== row.updatedAt;
  }

  /**
   * One read of a range. The listing carries the data of the first small rows up to
   * STORAGE_PART_BYTES in all, which is the whole range for most documents; the rest is read in
   * batches of that size and parts.
   */
  private async readRange(keyPrefix: StorageKey): Promise<Chunk[]> {
    const order = sql`order by ${automergeStorage.updatedAt}, ${automergeStorage.key} rows between unbounded preceding and current row`;
    const inline = sql<Uint8Array | null>`case when sum(octet_length(${automergeStorage.data})) over (${order}) <= ${STORAGE_PART_BYTES} then ${automergeStorage.data} end`;
    const rows: (MainRow & { bytes: number })[] = await this.db
      .select({
        key: automergeStorage.key,
        parts: automergeStorage.parts,
        updatedAt: updatedAtText,
        bytes: sql<number>`octet_length(${automergeStorage.data})`.mapWith(Number),
        data: inline,
      })
      .from(automergeStorage)
      .where(prefixWhere(keyPrefix))
      .orderBy(asc(automergeStorage.updatedAt), asc(automergeStorage.key));
    await this.fillSmallRows(rows.filter((r) => r.parts === 0 && r.data === null));
    const chunks: Chunk[] = [];
    for (const row of rows) chunks.push({ key: row.key.split(KEY_SEPARATOR), data: await this.chunkOf(row) });
    return chunks;
  }

  /** Reads the data the listing left out, in batches of at most STORAGE_PART_BYTES (a larger row from before parts alone). */
  private async fillSmallRows(rows: (MainRow & { bytes: number })[]): Promise<void> {
    let batch: (MainRow & { bytes: number })[] = [];
    let bytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const data = await this.readMainData(batch);
      batch.forEach((row, i) => (row.data = data[i]!));
      batch = [];
      bytes = 0;
    };
    for (const row of rows) {
      if (bytes + row.bytes > STORAGE_PART_BYTES) await flush();
      batch.push(row);
      bytes += row.bytes;
    }
    await flush();
  }

  /** Runs a read again while rows change under it; a range rarely changes twice in a row. */
  private async retryChanged<T>(what: string, read: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await read();
      } catch (err) {
        if (!(err instanceof ChangedUnderRead)) throw err;
        if (attempt >= MAX_READ_TRIES) throw new Error(`Storage ${what} kept changing while read (${MAX_READ_TRIES} tries)`);
      }
    }
  }
}

function prefixWhere(keyPrefix: StorageKey) {
  if (keyPrefix.length === 0) return sql`true`;
  const prefix = joinKey(keyPrefix);
  return or(eq(automergeStorage.key, prefix), and(like(automergeStorage.key, `${escapeLike(prefix)}${KEY_SEPARATOR}%`)));
}
