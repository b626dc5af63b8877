import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../../../tools/testing/fake-stripe';
import type { Db } from '../../../db/client';
import { createCommerceTestDb, insertTestUser, readTestUser } from '../../../testing/commerce-db';
import type { ApiError } from '../../../errors/api-error';
import { createBillingService, createStripeClient, type BillingService } from './billing';

const WEBHOOK_SECRET = 'whsec_test_secret';
let fake: FakeStripe;
let db: Db;
let close: () => Promise<void>;
let billing: BillingService;

const user = (id: string) => ({ id, email: `${id}@example.test`, name: id });
const signed = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return { body: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};
const httpError = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ApiError,
  );

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.addPrice({ id: 'price_pro_monthly', product: 'prod_beamstage', unit_amount: 1200 });
  fake.addPrice({ id: 'price_studio_monthly', product: 'prod_beamstage', unit_amount: 4900 });
  fake.addPrice({ id: 'price_someone_else', product: 'prod_beamstage', unit_amount: 1 });
  ({ db, close } = await createCommerceTestDb({ pro: 'price_pro_monthly', studio: 'price_studio_monthly' }));
  for (const id of ['usr_a', 'usr_b', 'usr_c']) await insertTestUser(db, id);
  const stripe = createStripeClient({ secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET, host: fake.host, port: fake.port, protocol: 'http' });
  billing = createBillingService({ db, stripe, webhookSecret: WEBHOOK_SECRET, publicOrigin: 'http://localhost:3000' });
});
afterAll(async () => {
  await fake.close();
  await close();
});

describe('billing with the real stripe SDK against the fake', () => {
  it('builds checkout from the plan table and the stored customer, ignoring client fields', async () => {
    const first = await billing.createCheckout(user('usr_a'), {
      planId: 'pro',
      customer: 'cus_victim',
      price: 'price_someone_else',
      success_url: 'https://evil.test',
    } as { planId: string });
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sessionRequest = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    const stored = (await readTestUser(db, 'usr_a'))!.stripeCustomerId;
    expect(stored).toMatch(/^cus_/);
    expect(sessionRequest.body).toMatchObject({
      mode: 'subscription',
      customer: stored,
      client_reference_id: 'usr_a',
      'line_items[0][price]': 'price_pro_monthly',
      success_url: 'http://localhost:3000/dashboard?checkout=success',
      cancel_url: 'http://localhost:3000/pricing?checkout=cancelled',
      'metadata[planId]': 'pro',
    });
    // A second checkout reuses the same customer.
    await billing.createCheckout(user('usr_a'), { priceId: 'price_studio_monthly' });
    expect(fake.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    expect((await httpError(billing.createCheckout(user('usr_a'), { priceId: 'price_someone_else' })))?.statusCode).toBe(400);
    expect((await httpError(billing.createCheckout(user('usr_a'), { planId: 'free' })))?.statusCode).toBe(400);
  });

  it('opens the portal for the caller’s own customer', async () => {
    const portal = await billing.createPortal(user('usr_b'));
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const req = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(req.body.customer).toBe((await readTestUser(db, 'usr_b'))!.stripeCustomerId);
    expect(req.body.return_url).toBe('http://localhost:3000/dashboard');
  });

  it('lists only the prices of our plans', async () => {
    const { prices } = await billing.pricesByProduct('prod_beamstage');
    expect(prices.map((p) => [p.id, p.planId])).toEqual([
      ['price_pro_monthly', 'pro'],
      ['price_studio_monthly', 'studio'],
    ]);
    expect((await httpError(billing.pricesByProduct('../v1/customers')))?.statusCode).toBe(400);
  });

  it('refuses webhooks with a bad signature or a tampered body', async () => {
    const event = {
      id: 'evt_bad',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { client_reference_id: 'usr_c', metadata: { planId: 'studio' } } },
    };
    const wrongSecret = signed(event, 'whsec_other');
    expect((await httpError(billing.handleWebhook(wrongSecret.body, wrongSecret.signature)))?.statusCode).toBe(400);
    const good = signed(event);
    const tampered = Buffer.from(good.body.toString().replace('usr_c', 'usr_a'));
    expect((await httpError(billing.handleWebhook(tampered, good.signature)))?.statusCode).toBe(400);
    expect((await httpError(billing.handleWebhook(good.body, undefined)))?.statusCode).toBe(400);
    expect((await readTestUser(db, 'usr_c'))!.planId).toBe('free');
  });

  it('applies the same webhook sent 5 times concurrently exactly once', async () => {
    const { body, signature } = signed({
      id: 'evt_checkout_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1', object: 'checkout.session', client_reference_id: 'usr_c', customer: 'cus_c', metadata: { planId: 'pro' } } },
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => billing.handleWebhook(body, signature)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect((await readTestUser(db, 'usr_c'))!).toMatchObject({ planId: 'pro', stripeCustomerId: 'cus_c' });
  });

  it('does not grant a plan for a completed but unpaid checkout', async () => {
    const { body, signature } = signed({
      id: 'evt_unpaid',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: { object: 'checkout.session', client_reference_id: 'usr_b', customer: 'cus_b', payment_status: 'unpaid', metadata: { planId: 'studio' } },
      },
    });
    expect(await billing.handleWebhook(body, signature)).toEqual({ received: true, duplicate: false });
    expect((await readTestUser(db, 'usr_b'))!.planId).toBe('free');
  });

  it('follows subscription updates and cancellation by customer', async () => {
    const sub = (id: string, type: string, status: string, price: string) =>
      signed({
        id,
        object: 'event',
        type,
        data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_c', status, items: { data: [{ price: { id: price } }] } } },
      });
    let e = sub('evt_sub_1', 'customer.subscription.updated', 'active', 'price_studio_monthly');
    await billing.handleWebhook(e.body, e.signature);
    expect((await readTestUser(db, 'usr_c'))!.planId).toBe('studio');
    e = sub('evt_sub_2', 'customer.subscription.deleted', 'canceled', 'price_studio_monthly');
    await billing.handleWebhook(e.body, e.signature);
    expect((await readTestUser(db, 'usr_c'))!.planId).toBe('free');
  });
});
