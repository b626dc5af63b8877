import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array | Buffer }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (value instanceof Uint8Array ? new Uint8Array(value) : new Uint8Array(value)),
});

/**
 * automerge-repo storage chunks. The key is the StorageKey joined with '/', so a prefix range
 * (key LIKE 'docId/%') finds a document's chunks. apps/api includes this table in its schema and
 * migrations; libs/sync's adapter reads and writes it.
 *
 * parts = 0: the chunk is in data. parts = n > 0: data is empty and the chunk is parts 0..n-1 of
 * automerge_storage_parts, so no single statement moves a multi-MB chunk (see the adapter).
 */
export const automergeStorage = pgTable('automerge_storage', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  parts: integer('parts').notNull().default(0),
});

/**
 * The pieces of chunks too large for one statement, keyed like automerge_storage. A part without a
 * main row that counts it is an orphan (a save cut short) and is swept after a grace period.
 */
export const automergeStorageParts = pgTable(
  'automerge_storage_parts',
  {
    key: text('key').notNull(),
    part: integer('part').notNull(),
    data: bytea('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.key, table.part] })],
);
