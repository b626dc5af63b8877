import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { makeUser, sampleProjectBody } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// Authenticated requests take the users row from a cache: a plan change or a
// deleted user must still count on the very next request, whoever wrote it.
const WEBHOOK_SECRET = 'whsec_cache_test';

describe('the cached users row follows every change at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  });
  afterAll(async () => t?.close());
  const me = async (headers: Record<string, string>) => (await t.app.inject({ url: '/api/me', headers })).json() as { id: string; planId: string };

  it('serves a signed-in request from the cache', async () => {
    const u = await makeUser(t.app, 'cache-hit');
    expect(t.app.userCache.get('cache-hit')?.id).toBe(u.id);
    // A row changed behind the cache's back with the notification suppressed would be served stale:
    // the cache is really used (the tests below show the notification is what keeps it right).
    await t.app.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_notify_change`);
    try {
      await t.app.db.update(users).set({ name: 'renamed in the database' }).where(eq(users.id, u.id));
      expect((await t.app.inject({ url: '/api/me', headers: u.headers })).json().name).toBe('cache-hit');
    } finally {
      await t.app.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_notify_change`);
    }
  });

  it('a plan changed in the database counts on the next request', async () => {
    const u = await makeUser(t.app, 'cache-plan');
    expect((await me(u.headers)).planId).toBe('free');
    await t.app.db.update(users).set({ planId: 'studio' }).where(eq(users.id, u.id));
    expect((await me(u.headers)).planId).toBe('studio');
  });

  it('a plan changed by the Stripe webhook counts on the next request', async () => {
    const u = await makeUser(t.app, 'cache-stripe');
    expect((await me(u.headers)).planId).toBe('free');
    const payload = JSON.stringify({
      id: 'evt_cache_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_cache',
          object: 'checkout.session',
          client_reference_id: u.id,
          customer: 'cus_cache',
          payment_status: 'paid',
          metadata: { planId: 'pro' },
        },
      },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe-webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    expect((await me(u.headers)).planId).toBe('pro');
  });

  it('a deleted user counts on the next request: a new row, nothing of the old one', async () => {
    const u = await makeUser(t.app, 'cache-deleted');
    const created = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: u.headers, payload: sampleProjectBody('Gone with the user') });
    expect(created.statusCode).toBe(201);
    await t.app.db.delete(users).where(eq(users.id, u.id));
    const after = await me(u.headers);
    expect(after.id).not.toBe(u.id);
    expect((await t.app.inject({ url: '/api/projects/list', headers: u.headers })).json().projects).toEqual([]);
    expect((await t.app.inject({ url: `/api/projects/${created.json().id as string}`, headers: u.headers })).statusCode).toBe(404);
  });
});
