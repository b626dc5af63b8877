import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per uploaded object the server handed out a key for. size_bytes is what is counted in
 * users.storage_bytes for this object (the reservation until finalise, then the real size).
 * status: 'pending' (URL handed out), 'final' (checked after upload), 'public' (copied to public/).
 */
export const storageObjects = pgTable(
  'storage_objects',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').notNull(),
    projectId: text('project_id').notNull(),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    publicKey: text('public_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('storage_objects_user_idx').on(t.userId)],
);
