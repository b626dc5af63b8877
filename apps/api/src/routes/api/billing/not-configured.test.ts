// Without STRIPE_SECRET_KEY or AI_BASE_URL the commerce routes answer 503 with the spec's texts.
// A bare Fastify with the route plugins and a stand-in authenticate keeps this test cheap; the
// full app is exercised in commerce-routes.test.ts.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSignIn } from '../../../auth/require-sign-in';
import { createErrorHandler } from '../../../errors/error-handler';
import aiRoutes from '../ai/index';
import billingRoutes from './index';

const app = Fastify({ logger: false });
beforeAll(async () => {
  app.decorate('billing', null);
  app.decorate('ai', null);
  app.decorate('db', {} as never);
  app.decorate('authenticate', async (request: { user: unknown }) => {
    request.user = { id: 'usr_1', sub: 's', email: null, name: null, planId: 'free' };
  });
  // What buildApp and autoload give these routes: the app's error handler, the ai area's sign-in hook.
  app.setErrorHandler(createErrorHandler(() => undefined));
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(
    async (area) => {
      await requireSignIn(area);
      await area.register(aiRoutes);
    },
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(() => app.close());

describe('commerce without configuration', () => {
  it.each([
    ['POST', '/api/stripe-create-checkout', { planId: 'pro' }],
    ['POST', '/api/stripe-customer-portal', {}],
    ['POST', '/api/stripe-get-prices-by-product', { productId: 'prod_x' }],
    ['POST', '/api/stripe-webhook', { id: 'evt_1' }],
  ])('%s %s answers 503 Billing is not configured', async (method, url, payload) => {
    const res = await app.inject({ method: method as 'POST', url, payload });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'Billing is not configured' });
  });

  it.each([
    ['POST', '/api/ai-generate', { prompt: 'hi', type: 'shader' }],
    ['GET', '/api/ai-usage', undefined],
  ])('%s %s answers 503 AI generation is not configured', async (method, url, payload) => {
    const res = await app.inject({ method: method as 'POST' | 'GET', url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'AI generation is not configured' });
  });
});
