import type { FastifyInstance } from 'fastify';
import { listPlans } from '../../../plugins/app/quota/plans';
import type { Db } from '../../../db/client';
import { ApiError } from '../../../errors/api-error';

// The spec's paths are /api/stripe-create-checkout etc. at the top of /api.
export const prefixOverride = '/api';

const notConfigured = () => new ApiError(503, 'Billing is not configured', 'Set STRIPE_SECRET_KEY and STRIPE_PRICE_* to enable it');
const urlBody = { type: 'object', properties: { url: { type: 'string' } } } as const;

/** Stripe checkout, portal, prices, the webhook, and the public plan list. */
export default async function billing(app: FastifyInstance) {
  const security = [{ bearer: [] }];
  const service = () => {
    if (!app.billing) throw notConfigured();
    return app.billing;
  };

  app.get('/billing/plans', { schema: { tags: ['billing'], summary: 'The plans and their limits (for the pricing page)' } }, async () => {
    const rows = await listPlans(app.db as unknown as Db);
    return {
      billingEnabled: app.billing !== null,
      plans: rows.map((p) => ({
        id: p.id,
        name: p.name,
        projectLimit: p.projectLimit,
        storageLimitBytes: p.storageLimitBytes,
        aiDailyLimit: p.aiDailyLimit,
        priceCents: p.priceCents,
        purchasable: app.billing !== null && p.stripePriceId !== null,
      })),
    };
  });

  app.post<{ Body: { planId?: string; priceId?: string } }>(
    '/stripe-create-checkout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['billing'],
        security,
        summary: 'A checkout session for a plan; customer, price and URLs come from the server',
        body: { type: 'object', properties: { planId: { type: 'string', maxLength: 64 }, priceId: { type: 'string', maxLength: 255 } } },
        response: { 200: { type: 'object', properties: { url: { type: 'string' }, sessionId: { type: 'string' } } } },
      },
    },
    async (request) => service().createCheckout(request.user, request.body ?? {}),
  );

  app.post(
    '/stripe-customer-portal',
    {
      preHandler: app.authenticate,
      schema: { tags: ['billing'], security, summary: 'A customer portal session for your own customer', response: { 200: urlBody } },
    },
    async (request) => service().createPortal(request.user),
  );

  app.post<{ Body: { productId: string } }>(
    '/stripe-get-prices-by-product',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['billing'],
        security,
        summary: "The product's prices that belong to our plans",
        body: { type: 'object', required: ['productId'], properties: { productId: { type: 'string', maxLength: 100 } } },
      },
    },
    async (request) => service().pricesByProduct(request.body.productId),
  );

  // The webhook needs the exact bytes Stripe signed: a child context parses every body as a Buffer.
  await app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    child.post(
      '/stripe-webhook',
      { schema: { tags: ['billing'], summary: 'Stripe events: signature verified on the raw body, applied once per event id' } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return service().handleWebhook(body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
