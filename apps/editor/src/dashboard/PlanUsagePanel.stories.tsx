import { PlanUsagePanel } from './PlanUsagePanel';

export default { title: 'Editor/Dashboard/PlanUsagePanel', component: PlanUsagePanel };

export const Free = {
  args: {
    usage: {
      planName: 'Free',
      projectCount: 2,
      projectLimit: 3,
      usedBytes: 12.5 * 1024 * 1024,
      limitBytes: 100 * 1024 * 1024,
      aiDailyLimit: 10,
      aiUsedToday: 3,
    },
    browser: { usage: 4 * 1024 * 1024, quota: 2 * 1024 * 1024 * 1024, persisted: false },
    onBillingPortal: () => undefined,
  },
};
/** Back from a stale sign-in's renewal, on the way to the billing portal. */
export const OpeningBillingPortal = { args: { ...Free.args, openingPortal: true } };
export const NearlyFull = {
  args: {
    usage: { planName: 'Pro', projectCount: 19, projectLimit: 20, usedBytes: 9.6 * 1024 ** 3, limitBytes: 10 * 1024 ** 3, aiDailyLimit: 100, aiUsedToday: 97 },
    browser: { usage: 1, quota: 10, persisted: true },
  },
};
/** GET /api/ai-usage failed (AI not configured or offline): the plan's limit only. */
export const AiUsageUnavailable = { args: { ...Free.args, usage: { ...Free.args.usage, aiUsedToday: null } } };
export const UsageUnavailable = { args: { usage: null, browser: null, error: 'Usage could not be loaded: API Error' } };
