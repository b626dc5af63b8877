import { sql } from 'drizzle-orm';
import { plans } from '../../../db/schema/billing';
import type { Db } from '../../../db/client';

/** A plan id: 'free' or a paid tier. */
export type PlanId = 'free' | 'pro' | 'studio';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** One tier of the catalogue. */
export interface PlanDefinition {
  id: PlanId;
  name: string;
  projectLimit: number;
  storageLimitBytes: number;
  aiDailyLimit: number;
  priceCents: number;
  sortOrder: number;
}

/** "Unlimited" projects on the paid tiers, as a number the atomic check can compare with. */
export const UNLIMITED_PROJECTS = 100_000;

/**
 * The catalogue: a free tier and two paid tiers, the numbers the pricing page
 * (apps/site/src/pages/Pricing.tsx) shows. GET /api/billing/plans serves them.
 */
export const PLAN_CATALOGUE: readonly PlanDefinition[] = [
  { id: 'free', name: 'Free', projectLimit: 3, storageLimitBytes: 500 * MB, aiDailyLimit: 5, priceCents: 0, sortOrder: 0 },
  { id: 'pro', name: 'Pro', projectLimit: UNLIMITED_PROJECTS, storageLimitBytes: 20 * GB, aiDailyLimit: 50, priceCents: 1900, sortOrder: 1 },
  { id: 'studio', name: 'Studio', projectLimit: UNLIMITED_PROJECTS, storageLimitBytes: 200 * GB, aiDailyLimit: 250, priceCents: 5900, sortOrder: 2 },
];

/** The plan users fall back to when theirs is missing. */
export const DEFAULT_PLAN_ID: PlanId = 'free';

/** Stripe price ids by plan, from STRIPE_PRICE_PRO / STRIPE_PRICE_STUDIO. */
export type PlanPriceIds = Partial<Record<PlanId, string>>;

/**
 * Writes the catalogue into the plans table (insert or update limits) and records the configured
 * Stripe price ids, so checkout reads the price from the table and never from a request.
 */
export async function seedPlans(db: Db, priceIds: PlanPriceIds = {}): Promise<void> {
  for (const plan of PLAN_CATALOGUE) {
    const stripePriceId = plan.id === 'free' ? null : (priceIds[plan.id] ?? null);
    await db
      .insert(plans)
      .values({ ...plan, stripePriceId })
      .onConflictDoUpdate({
        target: plans.id,
        set: {
          name: plan.name,
          projectLimit: plan.projectLimit,
          storageLimitBytes: plan.storageLimitBytes,
          aiDailyLimit: plan.aiDailyLimit,
          priceCents: plan.priceCents,
          sortOrder: plan.sortOrder,
          stripePriceId: sql`excluded.stripe_price_id`,
        },
      });
  }
}

/** The plans in display order, for the pricing page and billing. */
export async function listPlans(db: Db) {
  return db.select().from(plans).orderBy(plans.sortOrder);
}
