import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { aiUsageLine, loadAiUsage } from './ai-usage';
import { formatBytes, loadPlanUsage, usagePercent } from './plan-usage';

const plans = { plans: [{ id: 'free', name: 'Free', projectLimit: 3, aiDailyLimit: 10 }] };
/** An api answering the three reads; `ai` is the /ai-usage answer, or an Error it fails with. */
function fakeApi(ai: unknown) {
  return {
    request: async <T>(_m: string, path: string): Promise<T> => {
      if (path === '/storage-usage') return { usedBytes: 10, limitBytes: 100, planId: 'free' } as T;
      if (path === '/billing/plans') return plans as T;
      if (path === '/ai-usage') {
        if (ai instanceof Error) throw ai;
        return ai as T;
      }
      throw new Error(`unexpected ${path}`);
    },
  };
}

describe('plan usage', () => {
  it("joins storage usage with the plan row and today's AI use", async () => {
    expect(await loadPlanUsage(fakeApi({ usedToday: 2, dailyLimit: 5, remaining: 3 }), 2)).toEqual({
      planName: 'Free',
      projectCount: 2,
      projectLimit: 3,
      usedBytes: 10,
      limitBytes: 100,
      aiDailyLimit: 5,
      aiUsedToday: 2,
    });
  });
  it('keeps working when /ai-usage fails: the plan limit only', async () => {
    const usage = await loadPlanUsage(fakeApi(new ApiError('AI generation is not configured', 503, {})), 1);
    expect(usage).toMatchObject({ planName: 'Free', aiDailyLimit: 10, aiUsedToday: null });
    expect(await loadAiUsage(fakeApi({ nonsense: true }))).toBeNull();
    expect(await loadAiUsage(fakeApi({ usedToday: 1, dailyLimit: 5 }))).toEqual({ usedToday: 1, dailyLimit: 5, remaining: 4 });
  });
  it('formats the AI line', () => {
    expect(aiUsageLine(3, 10)).toEqual({ term: 'AI generations today', value: '3 of 10' });
    expect(aiUsageLine(null, 10)).toEqual({ term: 'AI generations a day', value: '10' });
    expect(aiUsageLine(null, null)).toBeNull();
    expect(aiUsageLine(4, null)).toBeNull();
  });
  it('formats bytes and clamps the meter', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100.0 MB');
    expect(usagePercent(150, 100)).toBe(100);
    expect(usagePercent(1, 0)).toBe(0);
  });
});
