import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { seedPlans, type PlanPriceIds } from './plans';
import { getAiUsage, getProjectLimit, getUserQuota, refundAiQuota, takeAiQuota, withProjectSlot } from './quota';

/** Plans and quotas bound to app.db (design.md section 4 rule 9). */
export interface QuotaService {
  /** The number of projects the user's plan allows. */
  projectLimit(userId: string): Promise<number>;
  /** Runs `create` only if the user owns fewer projects than allowed, atomically; throws ProjectLimitError (403). */
  withProjectSlot<T>(userId: string, create: (tx: Db) => Promise<T>): Promise<T>;
  userQuota: (userId: string) => ReturnType<typeof getUserQuota>;
  takeAi(userId: string): Promise<number | null>;
  refundAi(userId: string): Promise<void>;
  aiUsage(userId: string): ReturnType<typeof getAiUsage>;
}

declare module 'fastify' {
  interface FastifyInstance {
    quota: QuotaService;
  }
}

/** Seeds the plans table (with configured Stripe price ids) and decorates app.quota. */
export default fp(
  async (app) => {
    const db = app.db as unknown as Db;
    await seedPlans(db, (app.config.stripe?.prices ?? {}) as PlanPriceIds);
    app.decorate('quota', {
      projectLimit: (userId) => getProjectLimit(db, userId),
      withProjectSlot: (userId, create) => withProjectSlot(db, userId, create),
      userQuota: (userId) => getUserQuota(db, userId),
      takeAi: (userId) => takeAiQuota(db, userId, new Date()),
      refundAi: (userId) => refundAiQuota(db, userId, new Date()),
      aiUsage: (userId) => getAiUsage(db, userId, new Date()),
    } satisfies QuotaService);
  },
  { name: 'quota', dependencies: ['db'] },
);

export { ProjectLimitError, getProjectLimit, withProjectSlot } from './quota';
export { PLAN_CATALOGUE, listPlans } from './plans';
