import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** AI generations taken per user per UTC day ('YYYY-MM-DD'); one conditional upsert takes one. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: text('user_id').notNull(),
    day: text('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
