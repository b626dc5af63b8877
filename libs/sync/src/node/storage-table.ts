import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array | Buffer }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (value instanceof Uint8Array ? new Uint8Array(value) : new Uint8Array(value)),
});

/**
 * automerge-repo storage chunks. The key is the StorageKey joined with '/', so a prefix range
 * (key LIKE 'docId/%') finds a document's chunks. apps/api includes this table in its schema and
 * migrations; libs/sync's adapter reads and writes it.
 */
export const automergeStorage = pgTable('automerge_storage', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
