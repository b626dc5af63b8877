import type { ApiClient } from '../api/client';

/** GET /api/ai-usage's answer (spec section 7). */
export interface AiUsage {
  usedToday: number;
  dailyLimit: number;
  remaining: number;
}

/** Today's AI use, or null when the api cannot say (AI not configured, offline): the panel then shows the plan's limit only. */
export async function loadAiUsage(api: Pick<ApiClient, 'request'>): Promise<AiUsage | null> {
  try {
    const usage = await api.request<Partial<AiUsage>>('GET', '/ai-usage');
    if (typeof usage.usedToday !== 'number' || typeof usage.dailyLimit !== 'number') return null;
    return {
      usedToday: usage.usedToday,
      dailyLimit: usage.dailyLimit,
      remaining: typeof usage.remaining === 'number' ? usage.remaining : Math.max(0, usage.dailyLimit - usage.usedToday),
    };
  } catch {
    return null;
  }
}

/** The plan panel's AI line as a term and its value: "AI generations today" "N of M", else the limit a day; null with nothing to say. */
export function aiUsageLine(usedToday: number | null, dailyLimit: number | null): { term: string; value: string } | null {
  if (dailyLimit === null) return null;
  if (usedToday === null) return { term: 'AI generations a day', value: String(dailyLimit) };
  return { term: 'AI generations today', value: `${usedToday} of ${dailyLimit}` };
}
