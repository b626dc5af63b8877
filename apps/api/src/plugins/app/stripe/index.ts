import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { createBillingService, createStripeClient, type BillingService } from './billing';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stripe billing; null when STRIPE_SECRET_KEY is not set (routes answer 503). */
    billing: BillingService | null;
  }
}

/** Decorates app.billing from app.config.stripe. */
export default fp(
  async (app) => {
    const settings = app.config.stripe;
    app.decorate(
      'billing',
      settings
        ? createBillingService({
            db: app.db as unknown as Db,
            stripe: createStripeClient(settings),
            webhookSecret: settings.webhookSecret,
            publicOrigin: app.config.publicOrigin,
            // A plan change takes effect on the user's very next request (the database trigger
            // tells every instance too; this one does not wait for it).
            onUsersChanged: () => app.userCache.clear(),
          })
        : null,
    );
  },
  { name: 'stripe', dependencies: ['db', 'quota', 'auth'] },
);
