// Stripe billing (design.md rule 8): checkout and portal sessions are built from
// the database (the user's customer record, the plan's price) and never from the request; the
// webhook is verified on the raw body and applied once per event id.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { plans, stripeEvents } from '../../../db/schema/billing';
import type { Db } from '../../../db/client';
import { queryRows } from '../quota/db';
import { DEFAULT_PLAN_ID } from '../quota/plans';
import { ApiError } from '../../../errors/api-error';

/** Stripe settings as app.config.stripe carries them. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | null;
  host: string | null;
  port: number | null;
  protocol: 'http' | 'https' | null;
}

/** The caller, as app.authenticate sets request.user. */
export interface BillingUser {
  id: string;
  email: string | null;
  name: string | null;
}

/** Builds the Stripe SDK client (host/port/protocol point it at a local fake in tests). */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });
}

const ACTIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** Builds the billing service over a database and a Stripe client. */
export function createBillingService(deps: {
  db: Db;
  stripe: Stripe;
  webhookSecret: string | null;
  publicOrigin: string;
  /** Called once a webhook that may have changed users' plans is committed (cached users rows are dropped). */
  onUsersChanged?: () => void;
}) {
  const { db, stripe } = deps;

  /** The user's Stripe customer id, created once (idempotency key per user) and stored on the users row. */
  const ensureCustomer = async (user: BillingUser): Promise<string> => {
    const existing = await queryRows<{ stripe_customer_id: string | null }>(db, sql`SELECT stripe_customer_id FROM users WHERE id = ${user.id}`);
    if (!existing[0]) throw new ApiError(404, 'User not found');
    if (existing[0].stripe_customer_id) return existing[0].stripe_customer_id;
    const customer = await stripe.customers.create(
      { ...(user.email ? { email: user.email } : {}), ...(user.name ? { name: user.name } : {}), metadata: { userId: user.id } },
      { idempotencyKey: `beamstage-customer-${user.id}` },
    );
    await db.execute(sql`UPDATE users SET stripe_customer_id = ${customer.id} WHERE id = ${user.id} AND stripe_customer_id IS NULL`);
    const stored = await queryRows<{ stripe_customer_id: string }>(db, sql`SELECT stripe_customer_id FROM users WHERE id = ${user.id}`);
    return stored[0]?.stripe_customer_id ?? customer.id;
  };

  /** The paid plan a checkout is for: by plan id, or by a price id that is one of our plans' prices. */
  const planForCheckout = async (body: { planId?: unknown; priceId?: unknown }) => {
    const rows = await db.select().from(plans).where(isNotNull(plans.stripePriceId));
    const plan = rows.find(
      (p) => (typeof body.planId === 'string' && p.id === body.planId) || (typeof body.priceId === 'string' && p.stripePriceId === body.priceId),
    );
    if (!plan || !plan.stripePriceId)
      throw new ApiError(400, 'Unknown plan', `Choose one of: ${rows.map((p) => p.id).join(', ') || 'no paid plan is configured'}`);
    return plan as typeof plan & { stripePriceId: string };
  };

  // Inside the webhook transaction: must use `tx` (PGlite is one session: a query on db would wait for this transaction to end).
  const planForPrice = async (tx: Db, priceId: string | undefined) => {
    if (!priceId) return null;
    const rows = await tx.select({ id: plans.id }).from(plans).where(eq(plans.stripePriceId, priceId));
    return rows[0]?.id ?? null;
  };

  /** Applies one verified event inside the dedupe transaction. */
  const apply = async (tx: Db, event: Stripe.Event) => {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const userId = session.client_reference_id;
        const planId = session.metadata?.planId;
        if (!userId || !planId) return;
        // Delayed payment methods complete the session before the money arrives; the subscription
        // events set the plan once it is active.
        if (session.payment_status === 'unpaid') return;
        const known = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
        if (!known[0]) return;
        const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
        await tx.execute(sql`UPDATE users SET plan_id = ${planId}, stripe_customer_id = COALESCE(stripe_customer_id, ${customer}) WHERE id = ${userId}`);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
        const active = event.type !== 'customer.subscription.deleted' && ACTIVE_STATUSES.has(subscription.status);
        const planId = active ? ((await planForPrice(tx, subscription.items.data[0]?.price.id)) ?? DEFAULT_PLAN_ID) : DEFAULT_PLAN_ID;
        await tx.execute(sql`UPDATE users SET plan_id = ${planId} WHERE stripe_customer_id = ${customer}`);
        return;
      }
      default:
        return;
    }
  };

  return {
    /** A subscription checkout for one of our plans, for the caller's own customer. */
    async createCheckout(user: BillingUser, body: { planId?: unknown; priceId?: unknown }): Promise<{ url: string; sessionId: string }> {
      const plan = await planForCheckout(body);
      const customer = await ensureCustomer(user);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: [{ price: plan.stripePriceId, quantity: 1 }],
        success_url: `${deps.publicOrigin}/dashboard?checkout=success`,
        cancel_url: `${deps.publicOrigin}/pricing?checkout=cancelled`,
        metadata: { userId: user.id, planId: plan.id },
        subscription_data: { metadata: { userId: user.id, planId: plan.id } },
      });
      if (!session.url) throw new ApiError(502, 'Billing provider error', 'Stripe returned no checkout URL');
      return { url: session.url, sessionId: session.id };
    },

    /** A customer portal session for the caller's own customer. */
    async createPortal(user: BillingUser): Promise<{ url: string }> {
      const customer = await ensureCustomer(user);
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: `${deps.publicOrigin}/dashboard` });
      return { url: session.url };
    },

    /** The active prices of a product that belong to our plans. */
    async pricesByProduct(productId: unknown) {
      if (typeof productId !== 'string' || !/^prod_[A-Za-z0-9_]{1,64}$/.test(productId)) throw new ApiError(400, 'Invalid product id');
      const ours = await db.select().from(plans).where(isNotNull(plans.stripePriceId));
      const list = await stripe.prices.list({ product: productId, active: true, limit: 100 });
      return {
        prices: list.data
          .filter((p) => ours.some((plan) => plan.stripePriceId === p.id))
          .map((p) => ({
            id: p.id,
            planId: ours.find((plan) => plan.stripePriceId === p.id)?.id ?? null,
            unitAmount: p.unit_amount,
            currency: p.currency,
            interval: p.recurring?.interval ?? null,
          })),
      };
    },

    /** Verifies and applies a webhook once per event id. Returns whether it was applied now. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
      if (!deps.webhookSecret) throw new ApiError(503, 'Billing is not configured', 'STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new ApiError(400, 'Invalid signature', 'Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
      } catch {
        throw new ApiError(400, 'Invalid signature', 'The webhook signature does not match');
      }
      const applied = await db.transaction(async (tx) => {
        const inserted = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
        if (!inserted[0]) return false;
        await apply(tx as Db, event);
        return true;
      });
      // After the commit: a request reading the row from now on sees the new plan.
      if (applied) deps.onUsersChanged?.();
      return { received: true, duplicate: !applied };
    },

    /** Whether an event id was recorded (for tests and support). */
    async eventSeen(eventId: string): Promise<boolean> {
      const rows = await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(and(eq(stripeEvents.id, eventId)));
      return rows.length > 0;
    },
  };
}

/** The billing service type. */
export type BillingService = ReturnType<typeof createBillingService>;
