import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per signed-in identity, keyed by the token subject; created on the first authenticated call. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  sub: text('sub').notNull().unique(),
  email: text('email'),
  name: text('name'),
  planId: text('plan_id').notNull().default('free'),
  stripeCustomerId: text('stripe_customer_id'),
  storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
