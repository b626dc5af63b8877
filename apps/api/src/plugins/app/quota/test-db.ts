// Test support: a PGlite database with the shared contract's users/projects tables and the
// commerce tables, built from the drizzle schema objects (the same source the migrations come from).
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { aiUsage } from '../../../db/schema/ai';
import { plans, stripeEvents } from '../../../db/schema/billing';
import { storageObjects } from '../../../db/schema/storage';
import type { CommerceDb } from './db';
import { seedPlans, type PlanPriceIds } from './plans';

// The contract's api-core tables (issue 7 contracts), mirrored for tests of the commerce services.
const users = pgTable('users', {
  id: text('id').primaryKey(),
  sub: text('sub').notNull().unique(),
  email: text('email'),
  name: text('name'),
  planId: text('plan_id').notNull().default('free'),
  stripeCustomerId: text('stripe_customer_id'),
  storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id').notNull(),
  name: text('name').notNull(),
  isPublic: boolean('is_public').notNull().default(false),
  data: jsonb('data'),
});
const projectMembers = pgTable('project_members', { projectId: text('project_id').notNull(), userId: text('user_id').notNull(), role: text('role').notNull() }, (t) => [
  primaryKey({ columns: [t.projectId, t.userId] }),
]);

/** A fresh PGlite with every table the commerce services touch, plans seeded. */
export async function createCommerceTestDb(priceIds: PlanPriceIds = {}): Promise<{ db: CommerceDb; close: () => Promise<void> }> {
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  const client = new PGlite();
  const db = drizzle(client) as unknown as CommerceDb;
  const statements = await generateMigration(
    generateDrizzleJson({}),
    generateDrizzleJson({ users, projects, projectMembers, plans, stripeEvents, aiUsage, storageObjects }),
  );
  for (const statement of statements) await db.execute(sql.raw(statement));
  await seedPlans(db, priceIds);
  return { db, close: () => client.close() };
}

/** Inserts a user row with the given plan. */
export async function insertTestUser(db: CommerceDb, id: string, planId = 'free', extra: { email?: string; stripeCustomerId?: string } = {}): Promise<void> {
  await db.insert(users).values({ id, sub: `sub|${id}`, planId, email: extra.email ?? `${id}@example.test`, stripeCustomerId: extra.stripeCustomerId ?? null });
}

/** Inserts a project owned by `ownerId`. */
export async function insertTestProject(db: CommerceDb, id: string, ownerId: string): Promise<void> {
  await db.insert(projects).values({ id, ownerId, name: id });
}

/** Reads a user's plan and counters. */
export async function readTestUser(db: CommerceDb, id: string) {
  const rows = await db.select().from(users).where(sql`${users.id} = ${id}`);
  return rows[0];
}
