import type { ApiClient } from '../api/client';
import { loadAiUsage } from './ai-usage';

/** What the dashboard shows of the plan: its name and limits against the user's use. */
export interface PlanUsage {
  planName: string;
  projectCount: number;
  projectLimit: number | null;
  usedBytes: number;
  limitBytes: number;
  aiDailyLimit: number | null;
  /** Generations used today (UTC day); null when GET /api/ai-usage failed (AI not configured, offline). */
  aiUsedToday: number | null;
}

interface StorageUsage {
  usedBytes: number;
  limitBytes: number;
  planId: string;
}
interface PlanRow {
  id: string;
  name: string;
  projectLimit: number | null;
  aiDailyLimit: number | null;
}

/** GET /api/storage-usage and GET /api/billing/plans, joined on the user's plan id, with GET /api/ai-usage when it answers. */
export async function loadPlanUsage(api: Pick<ApiClient, 'request'>, ownedProjects: number): Promise<PlanUsage> {
  const [usage, plans, ai] = await Promise.all([
    api.request<StorageUsage>('GET', '/storage-usage'),
    api.request<{ plans: PlanRow[] }>('GET', '/billing/plans').catch(() => ({ plans: [] as PlanRow[] })),
    loadAiUsage(api),
  ]);
  const plan = plans.plans.find((p) => p.id === usage.planId);
  return {
    planName: plan?.name ?? usage.planId,
    projectCount: ownedProjects,
    projectLimit: plan?.projectLimit ?? null,
    usedBytes: usage.usedBytes,
    limitBytes: usage.limitBytes,
    // The quota's own limit wins over the plan table's: it is the one that is enforced.
    aiDailyLimit: ai?.dailyLimit ?? plan?.aiDailyLimit ?? null,
    aiUsedToday: ai?.usedToday ?? null,
  };
}

/** Bytes as people read them (1 decimal above KB). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

/** The meter's fill, 0..100. */
export function usagePercent(used: number, limit: number): number {
  if (!(limit > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}
