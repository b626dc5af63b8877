// The atomic quotas and the webhook dedupe on a real PostgreSQL with a pool of concurrent
// connections (PGlite serialises everything on one connection, so only Postgres can race them).
// Uses apps/api's real migrations. Skips with a printed reason where PostgreSQL is not installed.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBin, startPostgres, type TestPostgres } from '../../../../../../tools/testing/postgres';
import { MIGRATIONS_DIR } from '../../../db/client';
import { createBillingService, createStripeClient } from '../stripe/billing';
import type { Db } from '../../../db/client';
import { PLAN_CATALOGUE, seedPlans } from './plans';
import { reserveStorage, takeAiQuota, withProjectSlot } from './quota';

const bin = findPostgresBin();
if (!bin) console.log('Skipping the PostgreSQL quota tests: PostgreSQL is not installed (apt-get install -y postgresql).');
const free = PLAN_CATALOGUE.find((p) => p.id === 'free')!;

describe.skipIf(!bin)('quotas and webhooks on PostgreSQL under real concurrency', () => {
  let server: TestPostgres;
  let pool: pg.Pool;
  let db: Db;

  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: await server.createDatabase('commerce_quota'), max: 20 });
    db = drizzle(pool) as unknown as Db;
    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
    await seedPlans(db, {});
    for (const id of ['usr_ai', 'usr_proj', 'usr_store', 'usr_hook']) await db.execute(sql`INSERT INTO users (id, sub) VALUES (${id}, ${`sub|${id}`})`);
  });
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  it('50 concurrent AI takes with one left: exactly one', async () => {
    const now = new Date();
    for (let i = 0; i < free.aiDailyLimit - 1; i++) await takeAiQuota(db, 'usr_ai', now);
    const results = await Promise.all(Array.from({ length: 50 }, () => takeAiQuota(db, 'usr_ai', now)));
    expect(results.filter((r) => r !== null)).toEqual([free.aiDailyLimit]);
  });

  it('20 concurrent project creations: exactly the plan limit', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        withProjectSlot(db, 'usr_proj', (tx) =>
          tx.execute(sql`INSERT INTO projects (id, owner_id, name, data) VALUES (${`proj_${i}`}, 'usr_proj', 'p', '{}'::jsonb)`),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(free.projectLimit);
    const count = await pool.query("SELECT count(*)::int AS n FROM projects WHERE owner_id = 'usr_proj'");
    expect(count.rows[0].n).toBe(free.projectLimit);
  });

  it('20 concurrent storage reservations of a quarter each: exactly four', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => reserveStorage(db, 'usr_store', free.storageLimitBytes / 4)));
    expect(results.filter((r) => r !== null)).toHaveLength(4);
    const row = await pool.query("SELECT storage_bytes FROM users WHERE id = 'usr_store'");
    expect(Number(row.rows[0].storage_bytes)).toBe(free.storageLimitBytes);
  });

  it('the same webhook 5 times concurrently: applied once', async () => {
    const secret = 'whsec_pg';
    const billing = createBillingService({
      db,
      stripe: createStripeClient({ secretKey: 'sk_test_unused', webhookSecret: secret, host: null, port: null, protocol: null }),
      webhookSecret: secret,
      publicOrigin: 'http://localhost:3000',
    });
    const payload = JSON.stringify({
      id: 'evt_pg_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { client_reference_id: 'usr_hook', customer: 'cus_pg', metadata: { planId: 'studio' } } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const results = await Promise.all(Array.from({ length: 5 }, () => billing.handleWebhook(Buffer.from(payload), signature)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const row = await pool.query("SELECT plan_id, stripe_customer_id FROM users WHERE id = 'usr_hook'");
    expect(row.rows[0]).toEqual({ plan_id: 'studio', stripe_customer_id: 'cus_pg' });
  });
});
