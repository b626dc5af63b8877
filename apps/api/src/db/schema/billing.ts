import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The plan catalogue: one row per tier. Limits live here (never in a request body) so every quota
 * check is one SQL statement joining users.plan_id to this table. Seeded at start by seedPlans().
 */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Projects a user may own (shared projects do not count). */
  projectLimit: integer('project_limit').notNull(),
  /** Bytes of uploads a user may keep (reserved at create-upload-url, settled at finalise). */
  storageLimitBytes: bigint('storage_limit_bytes', { mode: 'number' }).notNull(),
  /** AI generations per UTC day. */
  aiDailyLimit: integer('ai_daily_limit').notNull(),
  /** Monthly price in cents, for the pricing page. */
  priceCents: integer('price_cents').notNull().default(0),
  /** Stripe price id from configuration (STRIPE_PRICE_<PLAN>); null for the free tier. */
  stripePriceId: text('stripe_price_id'),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Stripe webhook events already applied, keyed by event id: the dedupe record. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
