import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sync tickets in the database, so any api instance can open a socket for a ticket another
 * instance issued. Only the SHA-256 of a ticket is stored: reading the table gives no usable
 * ticket. A row is taken by one `DELETE ... RETURNING`, so a ticket opens one socket at most.
 * apps/api includes this table in its schema and migrations.
 */
export const syncTickets = pgTable(
  'sync_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    projectId: text('project_id').notNull(),
    documentId: text('document_id').notNull(),
    userId: text('user_id'),
    mode: text('mode', { enum: ['read-write', 'read-only'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sync_tickets_expires_idx').on(t.expiresAt)],
);
