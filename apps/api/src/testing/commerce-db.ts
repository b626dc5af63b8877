// Test support: a PGlite database with the api's users/projects tables and the commerce tables,
// built from the drizzle schema objects (the same source the migrations come from).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { aiUsage } from '../db/schema/ai';
import { plans, stripeEvents } from '../db/schema/billing';
import { projectMembers, projects, users } from '../db/schema/index';
import { storageObjects } from '../db/schema/storage';
import type { Db } from '../db/client';
import { seedPlans, type PlanPriceIds } from '../plugins/app/quota/plans';
import { inMemoryPglite } from '../../../../tools/testing/pglite-template';

/** A fresh PGlite with every table the commerce services touch, plans seeded. */
export async function createCommerceTestDb(priceIds: PlanPriceIds = {}): Promise<{ db: Db; close: () => Promise<void> }> {
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  const client = inMemoryPglite();
  const db = drizzle(client) as unknown as Db;
  const statements = await generateMigration(
    generateDrizzleJson({}),
    generateDrizzleJson({ users, projects, projectMembers, plans, stripeEvents, aiUsage, storageObjects }),
  );
  for (const statement of statements) await db.execute(sql.raw(statement));
  await seedPlans(db, priceIds);
  return { db, close: () => client.close() };
}

/** Inserts a user row with the given plan. */
export async function insertTestUser(db: Db, id: string, planId = 'free', extra: { email?: string; stripeCustomerId?: string } = {}): Promise<void> {
  await db.insert(users).values({ id, sub: `sub|${id}`, planId, email: extra.email ?? `${id}@example.test`, stripeCustomerId: extra.stripeCustomerId ?? null });
}

/** Inserts a project owned by `ownerId`. */
export async function insertTestProject(db: Db, id: string, ownerId: string): Promise<void> {
  await db.insert(projects).values({ id, ownerId, name: id, data: {} });
}

/** Reads a user's plan and counters. */
export async function readTestUser(db: Db, id: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`${users.id} = ${id}`);
  return rows[0];
}
